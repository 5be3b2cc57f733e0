/**
 * VIES, the European Commission's register of intra-EU VAT numbers, asked through its REST
 * service (docs/business.md "VIES"): whether a number is valid, the registered name and address
 * when the member state discloses them, and the consultation number that proves the check when
 * the request names the seller's own VAT number. A member state's service that is down, busy or
 * refusing us gives no verdict: it is told as `unavailable`, never as `invalid` (wait and retry;
 * never grant or refuse on it).
 *
 * The shapes followed are those of the Commission's OpenAPI document of the service
 * (ec.europa.eu/assets/taxud/vow-information/swagger_publicVAT.yaml), as public clients record
 * them (znojil/vies fixtures and tests; the answers quoted in jofme/D365FinanceToolbox#59):
 * POST `check-vat-number` with `{ countryCode, vatNumber, requesterMemberStateCode?, requesterNumber? }`
 * answers `{ countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address, trader… }`,
 * where "---" stands for a name or address not disclosed and `requestIdentifier` is "" without a
 * requester; errors come as `{ actionSucceed: false, errorWrappers: [{ error, message? }] }`, with
 * HTTP 200 as well as 4xx or 5xx.
 */

/** The Commission's endpoint; `VIES_ENDPOINT` overrides it (read by the caller, given as `endpoint`). */
export const VIES_ENDPOINT = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

/** What VIES said of a number. */
export type ViesAnswer =
  | {
      kind: 'valid';
      /** Registered name, null when the member state does not disclose it ("---"). */
      name: string | null;
      /** Registered address as VIES writes it (lines separated by "\n"), null when not disclosed. */
      address: string | null;
      /** The consultation number (`requestIdentifier`) to keep with the invoice; null without a requester. */
      consultation: string | null;
      /** When VIES checked, ISO 8601 UTC (its `requestDate`). */
      checkedAt: string;
    }
  | { kind: 'invalid'; checkedAt: string }
  | {
      kind: 'unavailable';
      /**
       * VIES's error code (MS_UNAVAILABLE, TIMEOUT, GLOBAL_MAX_CONCURRENT_REQ, MS_MAX_CONCURRENT_REQ,
       * SERVICE_UNAVAILABLE, VAT_BLOCKED, IP_BLOCKED, INVALID_REQUESTER_INFO, …), or what went
       * wrong on the way: `timeout`, `network`, `http_<status>`, `not_json`, `unexpected_answer`.
       */
      reason: string;
    };

export interface ViesAdapter {
  /**
   * Asks VIES about a VAT number.
   * @param vatNumber prefix and number, compact, as parseVatNumber (src/accounts/identifiers.ts)
   *        gives it: `DE136308783`, `EL094012834`, `XI…`
   * @param requester the seller's own VAT number in the same form, to get a consultation number
   * @returns the answer; never rejects for what VIES or the network does
   * @throws RangeError (as a rejection) when a number is not a two-letter prefix followed by the number
   */
  check(vatNumber: string, requester?: string): Promise<ViesAnswer>;
}

export interface ViesOptions {
  /** The URL of `check-vat-number` (default VIES_ENDPOINT; tests and `VIES_ENDPOINT` override it). */
  endpoint?: string;
  /** Deadline of the whole exchange, answer body included, in milliseconds (default 8000). */
  timeoutMs?: number;
  /** The fetch to send with (default the global one). */
  fetch?: typeof fetch;
  /** Clock in milliseconds since the epoch, for answers that carry no date of their own (default Date.now). */
  now?: () => number;
}

/** Splits `DE136308783` into the member state's code and the number, as VIES takes them. */
function split(vatNumber: string, what: string): { code: string; number: string } {
  const match = /^([A-Z]{2})(\S+)$/.exec(vatNumber);
  if (!match) throw new RangeError(`${what} ${JSON.stringify(vatNumber)} is not a VAT number with its two-letter prefix`);
  return { code: match[1], number: match[2] };
}

/** A name or address as VIES sends it: null for "---" (not disclosed), absent or blank. */
function disclosed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text === '---' ? null : text;
}

/**
 * The error code of an answer, if it has one: the first of `{ actionSucceed: false, errorWrappers:
 * [{ error }] }`, or a `userError` other than VALID and INVALID (the service's other answers carry
 * their error there, beside a `valid: false` that is then no verdict).
 */
function errorCode(body: unknown): string | undefined {
  const { errorWrappers, userError } = (typeof body === 'object' && body !== null ? body : {}) as { errorWrappers?: unknown; userError?: unknown };
  const wrapped = Array.isArray(errorWrappers) ? errorWrappers.map((w) => (w as { error?: unknown } | null)?.error).find((e) => typeof e === 'string') : undefined;
  if (typeof wrapped === 'string') return wrapped;
  return typeof userError === 'string' && userError !== 'VALID' && userError !== 'INVALID' ? userError : undefined;
}

/**
 * An adapter to VIES's REST service.
 * Verdicts: `valid` / `invalid` from the answer's `valid`; `invalid` also for INVALID_INPUT (VIES
 * refuses the number itself). Everything else is `unavailable`: every other VIES error code
 * (the member state or VIES down or busy, our address or the number blocked from checks, our
 * requester number refused), a deadline passed, a network error, an HTTP error without a VIES
 * error code (e.g. an HTML 503 of a proxy), an answer that is not JSON or has no boolean `valid`.
 */
export function viesAdapter(options: ViesOptions = {}): ViesAdapter {
  const endpoint = options.endpoint ?? VIES_ENDPOINT;
  const timeoutMs = options.timeoutMs ?? 8000;
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const dateOf = (requestDate: unknown) => {
    const time = typeof requestDate === 'string' ? Date.parse(requestDate) : NaN;
    return new Date(Number.isNaN(time) ? now() : time).toISOString();
  };

  return {
    async check(vatNumber, requester) {
      const number = split(vatNumber, 'vatNumber');
      const seller = requester === undefined ? undefined : split(requester, 'requester');
      const request = {
        countryCode: number.code,
        vatNumber: number.number,
        ...(seller && { requesterMemberStateCode: seller.code, requesterNumber: seller.number }),
      };

      let status: number;
      let text: string;
      try {
        const res = await send(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        text = await res.text();
      } catch (error) {
        const name = (error as Error | null)?.name;
        return { kind: 'unavailable', reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
      }

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const code = errorCode(body);
      if (code === 'INVALID_INPUT') return { kind: 'invalid', checkedAt: dateOf(undefined) };
      if (code !== undefined) return { kind: 'unavailable', reason: code };
      if (status < 200 || status >= 300) return { kind: 'unavailable', reason: `http_${status}` };
      if (body === undefined) return { kind: 'unavailable', reason: 'not_json' };

      const answer = (typeof body === 'object' && body !== null ? body : {}) as { valid?: unknown; requestDate?: unknown; name?: unknown; address?: unknown; requestIdentifier?: unknown };
      if (typeof answer.valid !== 'boolean') return { kind: 'unavailable', reason: 'unexpected_answer' };
      const checkedAt = dateOf(answer.requestDate);
      if (!answer.valid) return { kind: 'invalid', checkedAt };
      return {
        kind: 'valid',
        name: disclosed(answer.name),
        address: disclosed(answer.address),
        consultation: typeof answer.requestIdentifier === 'string' && answer.requestIdentifier.trim() !== '' ? answer.requestIdentifier.trim() : null,
        checkedAt,
      };
    },
  };
}
