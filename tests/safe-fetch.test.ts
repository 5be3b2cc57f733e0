// SSRF guard of platform-profile fetching (src/ucp/platform/safe-fetch.ts; docs/agent-commerce.md "Platform profiles"):
// every address range that reaches a private, loopback or reserved IPv4 host through IPv6, and
// refusals that do not tell the caller which internal address a name resolved to.
import { describe, expect, it } from 'vitest';
import { embeddedIpv4, fetchJsonSafely, isForbiddenAddress } from '../src/ucp/platform/safe-fetch';

describe('isForbiddenAddress: IPv6 forms of IPv4 addresses', () => {
  it.each([
    ['IPv4-compatible loopback', '::127.0.0.1', true],
    ['IPv4-compatible public (deprecated range, refused whole)', '::8.8.8.8', true],
    ['IPv4-compatible, hex form', '::a00:1', true],
    ['NAT64 of loopback', '64:ff9b::127.0.0.1', true],
    ['NAT64 of a private address, hex form', '64:ff9b::a00:7', true],
    ['NAT64 of cloud metadata', '64:ff9b::a9fe:a9fe', true],
    ['6to4 of loopback', '2002:7f00:1::', true],
    ['6to4 of a private address', '2002:c0a8:101::1', true],
    ['6to4 of cloud metadata', '2002:a9fe:a9fe:1:2:3:4:5', true],
    ['local-use NAT64', '64:ff9b:1::8.8.8.8', true],
    ['IPv4-mapped private', '::ffff:10.1.2.3', true],
    ['NAT64 of a public address', '64:ff9b::8.8.8.8', false],
    ['6to4 of a public address', '2002:808:808::1', false],
    ['public IPv6', '2606:4700:4700::1111', false],
    ['public IPv4', '93.184.216.34', false],
  ] as const)('%s (%s) is refused: %s', (_label, address, refused) => {
    expect(isForbiddenAddress(address)).toBe(refused);
  });

  it.each([
    ['64:ff9b::7f00:1', '127.0.0.1'],
    ['64:ff9b::192.168.1.1', '192.168.1.1'],
    ['2002:a9fe:a9fe::', '169.254.169.254'],
    ['2002:0808:0808:ffff::1', '8.8.8.8'],
    ['2606:4700::1', undefined],
    ['10.0.0.1', undefined],
  ])('the IPv4 address embedded in %s is %s', (address, v4) => {
    expect(embeddedIpv4(address)).toBe(v4);
  });
});

describe('refusals of resolved addresses', () => {
  it.each(['10.0.0.7', '64:ff9b::a00:7', '2002:a00:7::1', '::10.0.0.7'])('a name resolving to %s is refused without echoing the address', async (address) => {
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as never;
    const refusal = await fetchJsonSafely('https://profiles.agent.example/ucp', { allowInsecure: false, timeoutMs: 1000, maxBytes: 1000, lookup }).catch((e: Error) => e);
    expect(refusal).toMatchObject({ kind: 'network', message: 'profiles.agent.example resolves to a forbidden address' });
    expect((refusal as Error).message).not.toContain(address);
  });
});
