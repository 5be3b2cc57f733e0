// GET /collections/{handle}/products.json: page 1 of 30 of each collection, in every locale.
import type { APIRoute } from 'astro';
import { collectionProducts, findCollection, pageOf, PAGING } from '../../../../catalog/query';
import { viewContext } from '../../../../views/context';
import { productList } from '../../../../views/product-list';
import { catalogSnapshot, localeOf, localePaths, staticJson } from '../../../_static';

export const getStaticPaths = () => localePaths(catalogSnapshot().collections.map((c) => ({ handle: c.handle })));

export const GET: APIRoute = ({ params }) => {
  const catalog = catalogSnapshot();
  const collection = findCollection(catalog, params.handle!)!;
  const page = pageOf(collectionProducts(catalog, collection), { limit: PAGING.defaultLimit, page: 1 });
  return staticJson(productList(page, viewContext(catalog, localeOf(params.locale))));
};
