// GET /collections/{handle}/products.json: page 1 of 30 of each collection, in every locale.
import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { collectionProducts, pageOf, PAGING } from '../../../../catalog/query';
import { viewContext } from '../../../../views/context';
import { productList } from '../../../../views/product-list';
import { catalogSnapshot, localePaths, staticJson } from '../../../_static';

export const getStaticPaths = () => localePaths(catalogSnapshot().collections.map((collection) => ({ params: { handle: collection.handle }, props: { collection } })));

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => {
  const catalog = catalogSnapshot();
  const page = pageOf(collectionProducts(catalog, props.collection), { limit: PAGING.defaultLimit, page: 1 });
  return staticJson(productList(page, viewContext(catalog, props.locale)));
};
