/**
 * Platform profiles (`arguments.meta["ucp-agent"].profile`): fetched under the safety rules of
 * safe-fetch.ts, checked for the fields negotiation needs, and cached (docs/agent-commerce.md "Platform profiles": "a
 * bounded cache of at least 60 s"). Concurrent requests for the same URL share one fetch.
 * Failures map to the `-32001` discovery errors: `invalid_profile_url` (400),
 * `profile_unreachable` (424), `profile_malformed` (422).
 */
import { z } from 'zod';
import { discoveryError } from '../errors';
import { FetchRefused, type SafeFetchOptions, checkProfileUrl, fetchJsonSafely } from './safe-fetch';
import { firstIssue } from '../../validation/issues';

const Version = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a version like "2026-04-08"' });

/** The parts of a platform profile (`ucp.json#/$defs/platform_schema`) that negotiation reads; the rest is ignored. */
export const PlatformProfile = z.looseObject({
  ucp: z.looseObject({
    version: Version,
    capabilities: z
      .record(z.string(), z.array(z.looseObject({ version: Version, extends: z.union([z.string(), z.array(z.string())]).optional() })))
      .optional(),
  }),
});
export type PlatformProfile = z.infer<typeof PlatformProfile>;

/**
 * The platform's order webhook: `config.webhook_url` of its `dev.ucp.shopping.order` capability
 * (`order.json#/$defs/platform_schema`; UCP order capability "Webhook URL Configuration").
 * @returns an absolute http(s) URL, or undefined when the profile names none (the URL's safety
 *          is checked when a webhook is sent, src/ucp/webhooks/order-webhooks.ts)
 */
export function orderWebhookUrl(profile: PlatformProfile): string | undefined {
  for (const entry of profile.ucp.capabilities?.['dev.ucp.shopping.order'] ?? []) {
    const url = (entry as { config?: { webhook_url?: unknown } }).config?.webhook_url;
    if (typeof url === 'string' && url.length <= 2048 && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)) return url;
  }
  return undefined;
}

export interface ProfileResolverOptions extends SafeFetchOptions {
  /** How long a fetched profile is reused, in seconds (at least 60). */
  cacheSeconds: number;
  /** Most profiles kept; the oldest entry is dropped beyond it. */
  maxEntries: number;
  /** Clock, epoch milliseconds. */
  now: () => number;
  /** Document fetcher (default fetchJsonSafely); tests and benchmarks may replace it. */
  fetchJson?: (url: string, options: SafeFetchOptions) => Promise<unknown>;
}

/** Default limits: 3 s, 64 KiB, 5 min cache of 500 profiles. */
export const PROFILE_DEFAULTS = { timeoutMs: 3000, maxBytes: 65_536, cacheSeconds: 300, maxEntries: 500 } as const;

/** Resolves platform profile URLs to validated profiles, with a cache. */
export class ProfileResolver {
  private readonly cache = new Map<string, { profile: PlatformProfile; until: number }>();
  private readonly inflight = new Map<string, Promise<PlatformProfile>>();
  /** Network fetches made (for tests and benchmarks). */
  fetches = 0;

  constructor(private readonly options: ProfileResolverOptions) {
    if (options.cacheSeconds < 60) throw new Error('platform profiles must be cached for at least 60 s (UCP overview: a profile cache of at least 60 s)');
  }

  /**
   * The profile at `url`.
   * @throws UcpProtocolError -32001 `invalid_profile_url`, `profile_unreachable` or `profile_malformed`
   */
  async resolve(url: string): Promise<PlatformProfile> {
    let key: string;
    try {
      key = checkProfileUrl(url, this.options.allowInsecure).href;
    } catch (error) {
      throw discoveryError('invalid_profile_url', (error as Error).message);
    }
    const hit = this.cache.get(key);
    if (hit && hit.until > this.options.now()) return hit.profile;
    const running = this.inflight.get(key);
    if (running) return running;
    const work = this.load(key).finally(() => this.inflight.delete(key));
    this.inflight.set(key, work);
    return work;
  }

  private async load(url: string): Promise<PlatformProfile> {
    let document: unknown;
    this.fetches++;
    try {
      document = await (this.options.fetchJson ?? fetchJsonSafely)(url, this.options);
    } catch (error) {
      if (error instanceof FetchRefused && error.kind === 'url') throw discoveryError('invalid_profile_url', error.message);
      if (error instanceof FetchRefused && error.kind === 'body') throw discoveryError('profile_malformed', `${url}: ${error.message}`);
      throw discoveryError('profile_unreachable', `${url}: ${(error as Error).message}`);
    }
    const parsed = PlatformProfile.safeParse(document);
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error, '(root)');
      throw discoveryError('profile_malformed', `${url}: ${path}: ${message}`);
    }
    this.cache.delete(url);
    this.cache.set(url, { profile: parsed.data, until: this.options.now() + this.options.cacheSeconds * 1000 });
    while (this.cache.size > this.options.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return parsed.data;
  }
}
