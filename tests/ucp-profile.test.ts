// docs/storefront.md "Discovery documents" and docs/agent-commerce.md "Business profile", "Versions": the store's UCP business profiles, rendered at
// build time. The root profile (/.well-known/ucp) is at the current version (2026-08-25) and lists
// each older version in `supported_versions`; the leaf profile of each older version
// (/ucp/profiles/<version>.json) is complete on its own. Each is valid against its version's
// profile schema (tests/helpers/ucp-schemas.ts on the $ids), declares every dev.ucp.* entity at exactly its own
// version, binds every entity's name to its schema host (2026-08-25 authority binding), publishes
// public keys only (`keys` at 2026-08-25, `signing_keys` at 2026-04-08), and is hosted with the
// right headers.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { businessProfile, type BusinessProfile } from '../src/ucp/profile';
import { generateSigningKey, parseSigningKey, readLocalSigningKey, signingKeyOrNull } from '../src/ucp/webhooks/keys';
import { paymentHandlers, sandboxHandlerName } from '../src/ucp/payment-handlers';
import { CAPABILITY, COMMON_CAPABILITY, OLDER_VERSIONS, UCP_VERSION, UCP_VERSIONS, type UcpVersion, versionProfilePath } from '../src/ucp/version';
import { TOOLS } from '../src/ucp/tools/registry';
import { SANDBOX_INSTRUMENTS } from '../src/checkout/payment/sandbox';
import { catalog } from './helpers/ucp';
import { distExists, distFile } from './helpers/site';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';

const OLD = '2026-04-08' as const;
const BASE = catalog.store.base_url.replace(/\/$/, '');
// A local build publishes UCP_SIGNING_KEY, else the local key it created (src/ucp/webhooks/keys.ts).
const key = signingKeyOrNull() ?? parseSigningKey(readLocalSigningKey()!);
const PUBLIC_JWK = { kid: key.kid, kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), use: 'sig', alg: 'ES256' };

/** A built file, parsed, by its public path. */
const built = (path: string) => JSON.parse(readFileSync(distFile(path), 'utf8'));

/**
 * UCP 2026-08-25 authority binding: the host of the entity's `schema` URL, its labels reversed,
 * equals the entity's name or is a label-aligned prefix of it.
 */
function authorityBinds(name: string, schemaUrl: string): boolean {
  const host = new URL(schemaUrl).hostname.toLowerCase().split('.').reverse();
  const labels = name.toLowerCase().split('.');
  return host.length <= labels.length && host.every((label, i) => label === labels[i]);
}

/** Every entity of a profile (services, capabilities, payment handlers): its kind, name and declaration. */
function entities(profile: BusinessProfile) {
  const { services, capabilities, payment_handlers } = profile.ucp;
  return ([['service', services], ['capability', capabilities], ['payment handler', payment_handlers]] as const)
    .flatMap(([kind, map]) => Object.entries(map as Record<string, Array<{ version: string; spec: string; schema: string }>>)
      .flatMap(([name, declarations]) => declarations.map((declaration) => ({ kind, name, declaration }))));
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** JSON paths of every private JWK member anywhere in a document. */
function privateMembers(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => privateMembers(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(PRIVATE_MEMBERS.has(k) ? [`${path}.${k}`] : []), ...privateMembers(v, `${path}.${k}`)]);
  }
  return [];
}

/** Every dated version string (YYYY-MM-DD, alone or in a URL) of a document, with its JSON path. */
function datedStrings(value: unknown, path = '$'): Array<{ path: string; version: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => datedStrings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => datedStrings(v, `${path}.${k}`));
  if (typeof value === 'string') return [...value.matchAll(/\d{4}-\d{2}-\d{2}/g)].map((m) => ({ path, version: m[0] }));
  return [];
}

/** The spec page of each capability (2026-04-08 paths; 2026-08-25 moves the shopping ones under `shopping/`). */
const PAGES: Record<string, string> = {
  [CAPABILITY.search]: 'catalog/search', [CAPABILITY.lookup]: 'catalog/lookup', [CAPABILITY.cart]: 'cart',
  [CAPABILITY.checkout]: 'checkout', [CAPABILITY.fulfillment]: 'fulfillment', [CAPABILITY.order]: 'order', [CAPABILITY.discount]: 'discount',
};
const SCHEMAS: Record<string, string> = {
  [CAPABILITY.search]: 'catalog_search.json', [CAPABILITY.lookup]: 'catalog_lookup.json', [CAPABILITY.cart]: 'cart.json',
  [CAPABILITY.checkout]: 'checkout.json', [CAPABILITY.fulfillment]: 'fulfillment.json', [CAPABILITY.order]: 'order.json', [CAPABILITY.discount]: 'discount.json',
};
const specOf = (version: UcpVersion, page: string) =>
  `https://ucp.dev/${version}/specification/${version === OLD || page === 'overview' || page === 'fulfillment' ? '' : 'shopping/'}${page}`;

const root = businessProfile(catalog.store, [key.publicJwk]);
const leaf = businessProfile(catalog.store, [key.publicJwk], OLD);
/** The leaf's public path, from the root's `supported_versions`. */
const leafPath = (version: string) => new URL(root.ucp.supported_versions![version]).pathname;

/** Each document, by where it comes from, with the version it must be at. */
const DOCUMENTS: Array<[string, UcpVersion, () => BusinessProfile]> = [
  ['root profile (businessProfile)', UCP_VERSION, () => root],
  ['root profile (dist/.well-known/ucp.json)', UCP_VERSION, () => built('.well-known/ucp.json')],
  [`${OLD} leaf (businessProfile)`, OLD, () => leaf],
  [`${OLD} leaf (dist${versionProfilePath(OLD)})`, OLD, () => built(leafPath(OLD))],
];

describe('the profiles, as rendered and as built', () => {
  it('the current version is 2026-08-25 and the only older one 2026-04-08', () => {
    expect(UCP_VERSION).toBe('2026-08-25');
    expect(OLDER_VERSIONS).toEqual([OLD]);
    expect(UCP_VERSIONS).toEqual([UCP_VERSION, ...OLDER_VERSIONS]);
  });

  it.each(DOCUMENTS)('%s is a valid UCP business profile of its version', (_label, version, doc) => {
    const profile = doc();
    expect(profile.ucp.version).toBe(version);
    expectUcpValid(ucpValidatorsFor(version).business_profile, profile, `${version} business profile`);
  });

  it.each(DOCUMENTS)('%s: the MCP and REST services at the store\'s endpoints, every capability the tools need, each dev.ucp.* entity at the document\'s version with its spec and schema on ucp.dev', (_label, version, doc) => {
    const profile = doc();
    expect(profile.ucp.services).toEqual({
      'dev.ucp.shopping': [{
        version, transport: 'mcp',
        spec: `https://ucp.dev/${version}/specification/overview`,
        schema: `https://ucp.dev/${version}/services/shopping/mcp.openrpc.json`,
        endpoint: `${BASE}/api/ucp/mcp`,
      }, {
        version, transport: 'rest',
        spec: `https://ucp.dev/${version}/specification/overview`,
        schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`,
        endpoint: `${BASE}/api/ucp`,
      }],
    });
    // Tools need their capabilities; fulfillment extends checkout, discount cart and checkout (no tool of their own).
    // Identity linking and payment terms (dev.ucp.common, from 2026-08-25): tests/ucp-identity-linking.test.ts.
    const needed = new Set([...TOOLS.map((t) => t.capability), CAPABILITY.fulfillment, CAPABILITY.discount]);
    const linking = version === '2026-04-08' ? [] : [COMMON_CAPABILITY.identityLinking, COMMON_CAPABILITY.paymentTerms];
    expect(Object.keys(profile.ucp.capabilities).sort()).toEqual([...needed, ...linking].sort());
    for (const [name, declarations] of Object.entries(profile.ucp.capabilities)) {
      if (name.startsWith('dev.ucp.common.')) continue;
      expect(declarations, name).toHaveLength(1);
      const [declaration] = declarations;
      expect(declaration.version, name).toBe(profile.ucp.version);
      expect(declaration.spec, name).toBe(specOf(version, PAGES[name]));
      expect(declaration.schema, name).toBe(`https://ucp.dev/${version}/schemas/shopping/${SCHEMAS[name]}`);
    }
    // 2026-08-25 moved the shopping pages, not overview and fulfillment.
    if (version === UCP_VERSION) {
      expect(profile.ucp.capabilities[CAPABILITY.checkout][0].spec).toBe(`https://ucp.dev/${version}/specification/shopping/checkout`);
      expect(profile.ucp.capabilities[CAPABILITY.search][0].spec).toBe(`https://ucp.dev/${version}/specification/shopping/catalog/search`);
      expect(profile.ucp.capabilities[CAPABILITY.fulfillment][0].spec).toBe(`https://ucp.dev/${version}/specification/fulfillment`);
    } else {
      for (const e of entities(profile)) expect(e.declaration.spec, e.name).not.toContain('/specification/shopping/');
    }
    // Every dev.ucp.* entity, whatever its kind (the two bindings of the shopping service, the capabilities), on ucp.dev at exactly the document's version.
    const ucpEntities = entities(profile).filter((e) => e.name.startsWith('dev.ucp.'));
    expect(ucpEntities).toHaveLength(2 + needed.size + linking.length);
    for (const { name, declaration } of ucpEntities) {
      expect(declaration.version, name).toBe(profile.ucp.version);
      expect(declaration.spec, name).toMatch(new RegExp(`^https://ucp\\.dev/${profile.ucp.version}/specification/`));
      expect(declaration.schema, name).toMatch(new RegExp(`^https://ucp\\.dev/${profile.ucp.version}/`));
    }
  });

  it.each(DOCUMENTS)('%s: no version other than its own anywhere (outside supported_versions)', (_label, version, doc) => {
    const { supported_versions: _listed, ...ucp } = doc().ucp;
    const dates = datedStrings({ ...doc(), ucp });
    expect(dates.length).toBeGreaterThan(10);
    expect(dates.filter((d) => d.version !== version)).toEqual([]);
  });

  it.each(DOCUMENTS)('%s: the sandbox card handler named and constrained as its version writes them', (_label, version, doc) => {
    const { payment_handlers } = doc().ucp;
    expect(payment_handlers).toEqual(paymentHandlers(catalog.store, version));
    const brands = SANDBOX_INSTRUMENTS.find((i) => i.type === 'card')!.brands;
    expect(brands.length).toBeGreaterThan(0);
    const [handler] = payment_handlers[sandboxHandlerName(catalog.store, version)];
    if (version === UCP_VERSION) {
      expect(Object.keys(payment_handlers)).toEqual(['example.poissons-et-pousses.sandbox_card']);
      expect(handler.available_instruments).toEqual([{ type: 'card', constraints: { properties: { brand: { enum: [...brands] } } } }]);
    } else {
      expect(Object.keys(payment_handlers)).toEqual(['example.poissonsetpousses.sandbox_card']);
      expect(handler.available_instruments).toEqual([{ type: 'card', constraints: { brands: [...brands] } }]);
    }
    expect(handler).toMatchObject({ id: 'sandbox_card', spec: `${BASE}/ucp/payment-handlers/sandbox-card.md`, schema: `${BASE}/ucp/payment-handlers/sandbox-card.json`, config: { environment: 'sandbox' } });
  });

  it.each(DOCUMENTS)('%s: one shipping destination per checkout, in the fulfillment config of its version', (_label, version, doc) => {
    const [fulfillment] = doc().ucp.capabilities[CAPABILITY.fulfillment];
    expect(fulfillment).toMatchObject({ extends: CAPABILITY.checkout });
    expect(fulfillment.config).toEqual(version === OLD ? { allows_multi_destination: { shipping: false } } : { multi_destination: [] });
  });
});

describe('authority binding (UCP 2026-08-25)', () => {
  it('holds for every entity of the root profile, rendered and built', () => {
    for (const profile of [root, built('.well-known/ucp.json') as BusinessProfile]) {
      const all = entities(profile);
      expect(all.map((e) => e.kind)).toEqual(expect.arrayContaining(['service', 'capability', 'payment handler']));
      for (const { kind, name, declaration } of all) expect(authorityBinds(name, declaration.schema), `${kind} ${name} with schema ${declaration.schema}`).toBe(true);
    }
    expect(new URL(BASE).hostname).toBe('poissons-et-pousses.example');
  });

  it('the check can fail: another namespace, a prefix that is not label-aligned, the 2026-04-08 handler name', () => {
    expect(authorityBinds('dev.ucp.shopping.checkout', 'https://ucp.dev/2026-08-25/schemas/shopping/checkout.json')).toBe(true);
    expect(authorityBinds('dev.ucp', 'https://ucp.dev/x.json')).toBe(true);
    expect(authorityBinds('example.poissons-et-pousses.sandbox_card', `${BASE}/ucp/payment-handlers/sandbox-card.json`)).toBe(true);
    expect(authorityBinds('com.example.x', 'https://ucp.dev/2026-08-25/schemas/shopping/checkout.json')).toBe(false);
    expect(authorityBinds('dev.ucpx.shopping', 'https://ucp.dev/s.json')).toBe(false);
    expect(authorityBinds('dev', 'https://ucp.dev/s.json')).toBe(false);
    expect(authorityBinds('dev.ucp.shopping', 'https://api.ucp.dev/s.json')).toBe(false);
    // The 2026-04-08 name (no hyphens) does not bind to the store's real host: the leaf keeps it, the root must not.
    const [oldHandler] = Object.entries(leaf.ucp.payment_handlers);
    expect(oldHandler[0]).toBe('example.poissonsetpousses.sandbox_card');
    expect(authorityBinds(oldHandler[0], oldHandler[1][0].schema)).toBe(false);
    expect(entities(leaf).filter((e) => !authorityBinds(e.name, e.declaration.schema)).map((e) => e.name)).toEqual(['example.poissonsetpousses.sandbox_card']);
  });
});

describe('version selection: supported_versions', () => {
  it('the root lists exactly the older versions, each at <base_url>/ucp/profiles/<version>.json, and each is built there at its version', () => {
    for (const profile of [root, built('.well-known/ucp.json') as BusinessProfile]) {
      expect(profile.ucp.supported_versions).toEqual(Object.fromEntries(OLDER_VERSIONS.map((v) => [v, `${BASE}/ucp/profiles/${v}.json`])));
      expect(Object.keys(profile.ucp.supported_versions!)).toEqual([OLD]);
    }
    for (const version of OLDER_VERSIONS) {
      expect(leafPath(version)).toBe(versionProfilePath(version));
      expect(distExists(leafPath(version)), leafPath(version)).toBe(true);
      expect(built(leafPath(version)).ucp.version).toBe(version);
    }
    // No leaf for the current version: the root is its profile.
    expect(distExists(versionProfilePath(UCP_VERSION))).toBe(false);
  });

  it('a leaf lists no supported_versions', () => {
    expect(leaf.ucp).not.toHaveProperty('supported_versions');
    expect(built(leafPath(OLD)).ucp).not.toHaveProperty('supported_versions');
  });
});

describe('keys', () => {
  it('the root publishes `keys` (a JWK Set of public EC P-256 ES256 keys: the local signing key\'s), no `signing_keys`', () => {
    for (const profile of [root, built('.well-known/ucp.json') as BusinessProfile]) {
      expect(profile.keys).toEqual([PUBLIC_JWK]);
      expect(profile.keys).toEqual([key.publicJwk]);
      expect(profile).not.toHaveProperty('signing_keys');
    }
  });

  it(`the ${OLD} leaf publishes \`signing_keys\` (the same public key), no \`keys\``, () => {
    for (const profile of [leaf, built(leafPath(OLD)) as BusinessProfile]) {
      expect(profile.signing_keys).toEqual([PUBLIC_JWK]);
      expect(profile.signing_keys).toEqual([key.publicJwk]);
      expect(profile).not.toHaveProperty('keys');
    }
  });

  it('no private JWK member anywhere in either document; the walk finds one when it is there', () => {
    for (const [label, , doc] of DOCUMENTS) expect(privateMembers(doc()), label).toEqual([]);
    const privateJwk = JSON.parse(generateSigningKey());
    expect(privateMembers({ ...root, keys: [privateJwk] })).toEqual(['$.keys[0].d']);
    expect(privateMembers({ ucp: { a: [{ b: { k: 'x', oth: [] } }] } })).toEqual(['$.ucp.a[0].b.k', '$.ucp.a[0].b.oth']);
    // The 2026-08-25 schema refuses a private key too.
    expect(ucpValidatorsFor(UCP_VERSION).business_profile({ ...root, keys: [privateJwk] })).toBe(false);
  });

  it('without a signing key, neither member is published', () => {
    expect(businessProfile(catalog.store)).not.toHaveProperty('keys');
    expect(businessProfile(catalog.store, [], OLD)).not.toHaveProperty('signing_keys');
  });
});

describe('the profile schemas are not vacuous', () => {
  it.each([[UCP_VERSION, root], [OLD, leaf]] as const)('%s: a profile without payment_handlers, or at version "draft", fails', (version, profile) => {
    const validate = ucpValidatorsFor(version).business_profile;
    expect(validate(profile)).toBe(true);
    const { payment_handlers: _ignored, ...ucp } = profile.ucp;
    expect(validate({ ucp })).toBe(false);
    expect(validate({ ...profile, ucp: { ...profile.ucp, version: 'draft' } })).toBe(false);
  });

  it('each version\'s schema refuses the other version\'s profile (2026-08-25 constraints are expressions; 2026-04-08 names have no hyphens)', () => {
    expect(ucpValidatorsFor(OLD).business_profile(root)).toBe(false);
    expect(ucpValidatorsFor(UCP_VERSION).business_profile(leaf)).toBe(false);
  });
});

describe('hosting (netlify.toml)', () => {
  const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects: Array<{ from: string; to: string; status: number }>; headers: Array<{ for: string; values: Record<string, string> }> };

  it('the root is built into dist/.well-known/ucp.json and served at /.well-known/ucp by a 200 rewrite', () => {
    expect(distExists('.well-known/ucp.json')).toBe(true);
    expect(distExists('.well-known/ucp')).toBe(false);
    expect(toml.redirects).toContainEqual(expect.objectContaining({ from: '/.well-known/ucp', to: '/.well-known/ucp.json', status: 200 }));
    // The built files are exactly what businessProfile renders with the published key.
    expect(built('.well-known/ucp.json')).toEqual(root);
    expect(built(leafPath(OLD))).toEqual(leaf);
  });

  it.each(['/.well-known/ucp', '/ucp/profiles/*'])('%s is served as JSON with a public cache of at least 60 s', (path) => {
    const rule = toml.headers.find((h) => h.for === path);
    expect(rule, path).toBeDefined();
    expect(rule?.values['Content-Type']).toBe('application/json; charset=utf-8');
    expect(rule?.values['Cache-Control']).toMatch(/^public/);
    const maxAge = Number(/max-age=(\d+)/.exec(rule?.values['Cache-Control'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(60);
  });
});
