// GET /products/{handle}.json for every published product in every locale.
import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { publishedProducts } from '../../../catalog/query';
import { viewContext } from '../../../views/context';
import { productDetail } from '../../../views/product-detail';
import { catalogSnapshot, localePaths, staticJson } from '../../_static';

export const getStaticPaths = () => localePaths(publishedProducts(catalogSnapshot()).map((product) => ({ params: { handle: product.handle }, props: { product } })));

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  staticJson({ product: productDetail(props.product, viewContext(catalogSnapshot(), props.locale)) });
