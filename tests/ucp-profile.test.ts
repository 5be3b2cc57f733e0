// docs/spec.md "D. Discovery" and docs/ucp.md §1: /.well-known/ucp, rendered at build time: the business profile, valid
// against the UCP profile schema (docs/ucp.md §10 on its $id), and its hosting headers.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { businessProfile } from '../src/ucp/profile';
import { parseSigningKey, readLocalSigningKey, signingKeyOrNull } from '../src/ucp/webhooks/keys';
import { paymentHandlers } from '../src/ucp/payment/sandbox';
import { CAPABILITIES, UCP_VERSION } from '../src/ucp/version';
import { TOOLS } from '../src/ucp/tools/registry';
import { catalog } from './helpers/ucp';
import { distExists, distFile } from './helpers/site';
import { expectUcpValid, ucpValidators } from './helpers/ucp-schemas';

describe('/.well-known/ucp', () => {
  const profile = businessProfile(catalog.store);

  it('is a valid UCP business profile at 2026-04-08 with the MCP service at the store\'s endpoint', () => {
    expectUcpValid(ucpValidators.business_profile, profile, 'business profile');
    expect(profile.ucp.version).toBe(UCP_VERSION);
    expect(profile.ucp.services['dev.ucp.shopping']).toEqual([{
      version: UCP_VERSION,
      transport: 'mcp',
      spec: `https://ucp.dev/${UCP_VERSION}/specification/overview`,
      schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/mcp.openrpc.json`,
      endpoint: `${catalog.store.base_url}/api/ucp/mcp`,
    }]);
    expect(profile.ucp.payment_handlers).toEqual(paymentHandlers(catalog.store));
    expect(Object.keys(profile.ucp.payment_handlers)).toEqual(['example.poissonsetpousses.sandbox_card']);
  });

  it('declares every capability the tools need, with spec and schema on ucp.dev', () => {
    // Tools need their capabilities; fulfillment extends checkout (no tool of its own).
    const needed = new Set([...TOOLS.map((t) => t.capability), 'dev.ucp.shopping.fulfillment']);
    expect(Object.keys(profile.ucp.capabilities).sort()).toEqual([...needed].sort());
    for (const [name, [declaration]] of Object.entries(profile.ucp.capabilities)) {
      expect(declaration.version, name).toBe(UCP_VERSION);
      expect(declaration.spec, name).toMatch(/^https:\/\/ucp\.dev\/2026-04-08\/specification\//);
      expect(declaration.schema, name).toMatch(/^https:\/\/ucp\.dev\/2026-04-08\/schemas\/shopping\/[a-z_]+\.json$/);
    }
    expect(Object.keys(CAPABILITIES)).toHaveLength(6);
    expect(profile.ucp.capabilities['dev.ucp.shopping.fulfillment'][0]).toMatchObject({ extends: 'dev.ucp.shopping.checkout', config: { allows_multi_destination: { shipping: false } } });
  });

  it('the profile schema is not vacuous: a profile without payment_handlers fails', () => {
    const { payment_handlers: _ignored, ...ucp } = profile.ucp;
    expect(ucpValidators.business_profile({ ucp })).toBe(false);
    expect(ucpValidators.business_profile({ ucp: { ...profile.ucp, version: 'draft' } })).toBe(false);
  });

  it('is built into dist/.well-known/ucp.json as exactly this JSON with the signing key, served at /.well-known/ucp by a 200 rewrite', () => {
    expect(distExists('.well-known/ucp.json')).toBe(true);
    expect(distExists('.well-known/ucp')).toBe(false);
    // A local build publishes UCP_SIGNING_KEY, else the local key it created (src/ucp/webhooks/keys.ts).
    const key = signingKeyOrNull() ?? parseSigningKey(readLocalSigningKey()!);
    const built = JSON.parse(readFileSync(distFile('.well-known/ucp.json'), 'utf8'));
    expect(built).toEqual(businessProfile(catalog.store, [key.publicJwk]));
    expectUcpValid(ucpValidators.business_profile, built, 'built profile');
    expect(built.signing_keys).toEqual([{ kid: key.kid, kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), use: 'sig', alg: 'ES256' }]);
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects: Array<{ from: string; to: string; status: number }> };
    expect(toml.redirects).toContainEqual(expect.objectContaining({ from: '/.well-known/ucp', to: '/.well-known/ucp.json', status: 200 }));
  });

  it('netlify.toml serves it as JSON with a public cache of at least 60 s', () => {
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { headers: Array<{ for: string; values: Record<string, string> }> };
    const rule = toml.headers.find((h) => h.for === '/.well-known/ucp');
    expect(rule?.values['Content-Type']).toBe('application/json; charset=utf-8');
    const maxAge = Number(/max-age=(\d+)/.exec(rule?.values['Cache-Control'] ?? '')?.[1]);
    expect(rule?.values['Cache-Control']).toMatch(/^public/);
    expect(maxAge).toBeGreaterThanOrEqual(60);
  });
});
