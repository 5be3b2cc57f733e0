// GET /products.json (and /en/products.json ...): page 1 of 30, the default of docs/storefront.md "Limits".
import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { pageOf, PAGING, publishedProducts } from '../../catalog/query';
import { viewContext } from '../../views/context';
import { productList } from '../../views/product-list';
import { catalogSnapshot, localePaths, staticJson } from '../_static';

export const getStaticPaths = () => localePaths();

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => {
  const catalog = catalogSnapshot();
  const page = pageOf(publishedProducts(catalog), { limit: PAGING.defaultLimit, page: 1 });
  return staticJson(productList(page, viewContext(catalog, props.locale)));
};
