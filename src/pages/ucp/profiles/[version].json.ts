// GET /ucp/profiles/<version>.json: the complete business profile of each older UCP version
// the store still speaks (the root profile's `supported_versions` points here).
import type { APIRoute, GetStaticPaths } from 'astro';
import { OLDER_VERSIONS, type UcpVersion } from '../../../ucp/version';
import { profileResponse } from '../../.well-known/_profile';

export const getStaticPaths: GetStaticPaths = () => OLDER_VERSIONS.map((version) => ({ params: { version } }));

export const GET: APIRoute = ({ params }) => profileResponse(params.version as UcpVersion);
