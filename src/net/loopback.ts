/**
 * Loopback hosts: the names and addresses that always mean "this machine" (RFC 6761 §6.3
 * `localhost` and its subdomains; RFC 6890 127.0.0.0/8 and ::1). One rule for the three places
 * that ask: the MCP endpoint's Host check (src/http/router.ts), the buyer URLs of a local run
 * (src/ucp/service.ts) and the platform-profile URLs refused in production
 * (src/ucp/platform/safe-fetch.ts).
 */

/**
 * True for a loopback host.
 * @param hostname a URL's `hostname` or a Host header's name: any case, IPv6 with or without brackets
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}
