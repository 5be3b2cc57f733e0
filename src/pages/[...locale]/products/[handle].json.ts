// GET /products/{handle}.json for every published product in every locale.
import type { APIRoute } from 'astro';
import { findProduct, publishedProducts } from '../../../catalog/query';
import { viewContext } from '../../../views/context';
import { productDetail } from '../../../views/product-detail';
import { catalogSnapshot, localeOf, localePaths, staticJson } from '../../_static';

export const getStaticPaths = () => localePaths(publishedProducts(catalogSnapshot()).map((p) => ({ handle: p.handle })));

export const GET: APIRoute = ({ params }) => {
  const catalog = catalogSnapshot();
  const product = findProduct(catalog, params.handle!)!;
  return staticJson({ product: productDetail(product, viewContext(catalog, localeOf(params.locale))) });
};
