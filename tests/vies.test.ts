// The VIES adapter (docs/business.md "VIES") against a local server that answers as the
// Commission's REST service does (tests/helpers/vies-server.ts): what it sends, what it makes of
// each answer, and that a service down, late or broken is never told as an invalid number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VIES_ENDPOINT, viesAdapter } from '../src/accounts/vies';
import { VIES, startViesServer, type ViesServer } from './helpers/vies-server';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const SELLER = 'FR65912345675';

/** The codes VIES answers when it gives no verdict (the service's documentation of `errorWrappers` and `userError`). */
const NO_VERDICT = [
  'MS_UNAVAILABLE', 'TIMEOUT', 'GLOBAL_MAX_CONCURRENT_REQ', 'GLOBAL_MAX_CONCURRENT_REQ_TIME', 'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME', 'SERVICE_UNAVAILABLE', 'VAT_BLOCKED', 'IP_BLOCKED', 'INVALID_REQUESTER_INFO',
];
/** A test number for each of them: DE + nine digits, one per code. */
const noVerdictNumber = (i: number) => `DE${String(100000000 + i)}`;

let vies: ViesServer;
beforeAll(async () => {
  vies = await startViesServer({
    DE136308783: { json: VIES.valid('DE', '136308783', { name: 'Muster Aquaristik GmbH', address: 'Hauptstraße 5\n10115 Berlin\n', requestIdentifier: 'WAPIAAAAZNgfuVoL' }) },
    ESA78109592: { json: VIES.valid('ES', 'A78109592', { name: '---', address: '---', requestIdentifier: '' }) },
    EL094012834: { json: VIES.valid('EL', '094012834', { name: 'ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ', address: 'ΑΘΗΝΑ', requestIdentifier: '' }) },
    NL806753742B01: { json: VIES.invalid('NL', '806753742B01') },
    IT00950501007: { json: VIES.error('INVALID_INPUT', 'The provided CountryCode is invalid or the VAT number is empty'), status: 400 },
    ...Object.fromEntries(NO_VERDICT.map((code, i) => [noVerdictNumber(i), { json: VIES.error(code) }])),
    DE199999999: { json: VIES.error('VOW-ERR-1', 'An unexpected error occurred. Please retry later or contact the support team.'), status: 500 },
    DE199999998: { json: { isValid: false, valid: false, userError: 'MS_UNAVAILABLE', name: '---', address: '---' } },
    DE199999997: { text: '<html><body><h1>503 Service Unavailable</h1></body></html>', status: 503, contentType: 'text/html' },
    DE199999996: { text: 'OK', status: 200, contentType: 'text/plain' },
    DE199999995: { json: { countryCode: 'DE', vatNumber: '199999995', requestDate: '2026-11-20T10:00:00Z' } },
    DE199999994: { slow: { json: VIES.invalid('DE', '199999994') }, ms: 3000 },
    DE199999993: { stall: true },
    DE199999992: { drop: true },
  });
});
afterAll(() => vies.close());

const adapter = () => viesAdapter({ endpoint: vies.endpoint, timeoutMs: 300, now: () => NOW });
/** The last request the server received. */
const sent = () => vies.requests.at(-1)!;

describe('what VIES says of a number', () => {
  it('valid, with the registered name and address and, when the seller names itself, the consultation number', async () => {
    expect(await adapter().check('DE136308783', SELLER)).toEqual({
      kind: 'valid', name: 'Muster Aquaristik GmbH', address: 'Hauptstraße 5\n10115 Berlin', consultation: 'WAPIAAAAZNgfuVoL', checkedAt: '2026-11-20T10:00:00.123Z',
    });
    expect(sent()).toEqual({
      method: 'POST', path: '/taxation_customs/vies/rest-api/check-vat-number', contentType: 'application/json',
      body: { countryCode: 'DE', vatNumber: '136308783', requesterMemberStateCode: 'FR', requesterNumber: '65912345675' },
    });
  });

  it('valid, with "---" for what the member state does not disclose and no consultation number without a requester', async () => {
    expect(await adapter().check('ESA78109592')).toEqual({ kind: 'valid', name: null, address: null, consultation: null, checkedAt: '2026-11-20T10:00:00.123Z' });
    expect(sent().body).toEqual({ countryCode: 'ES', vatNumber: 'A78109592' });
    expect(Object.keys(sent().body as object)).toEqual(['countryCode', 'vatNumber']);
  });

  it('asks Greece under EL, its VAT prefix', async () => {
    expect(await adapter().check('EL094012834')).toMatchObject({ kind: 'valid', name: 'ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ' });
    expect(sent().body).toEqual({ countryCode: 'EL', vatNumber: '094012834' });
  });

  it('invalid, at the date VIES gives', async () => {
    expect(await adapter().check('NL806753742B01')).toEqual({ kind: 'invalid', checkedAt: '2026-11-20T10:00:01.000Z' });
  });

  it('invalid for INVALID_INPUT, which refuses the number itself, at the adapter\'s clock', async () => {
    expect(await adapter().check('IT00950501007')).toEqual({ kind: 'invalid', checkedAt: '2026-11-20T12:00:00.000Z' });
  });
});

describe('no verdict is never an invalid number', () => {
  it.each(NO_VERDICT.map((code, i) => [code, noVerdictNumber(i)]))('%s is unavailable', async (code, number) => {
    expect(await adapter().check(number)).toEqual({ kind: 'unavailable', reason: code });
  });

  it('an error code with HTTP 500 is unavailable, under its code', async () => {
    expect(await adapter().check('DE199999999')).toEqual({ kind: 'unavailable', reason: 'VOW-ERR-1' });
  });

  it('valid: false beside a userError other than INVALID is no verdict', async () => {
    expect(await adapter().check('DE199999998')).toEqual({ kind: 'unavailable', reason: 'MS_UNAVAILABLE' });
  });

  it('an HTML 503 of a proxy, a 404 without a VIES code, a body that is not JSON or has no verdict', async () => {
    expect(await adapter().check('DE199999997')).toEqual({ kind: 'unavailable', reason: 'http_503' });
    expect(await adapter().check('DE111111111')).toEqual({ kind: 'unavailable', reason: 'http_404' });
    expect(await adapter().check('DE199999996')).toEqual({ kind: 'unavailable', reason: 'not_json' });
    expect(await adapter().check('DE199999995')).toEqual({ kind: 'unavailable', reason: 'unexpected_answer' });
  });

  it('an answer later than the deadline, or a body that never ends, is a timeout, told at the deadline', async () => {
    for (const number of ['DE199999994', 'DE199999993']) {
      const start = performance.now();
      expect(await adapter().check(number)).toEqual({ kind: 'unavailable', reason: 'timeout' });
      expect(performance.now() - start).toBeLessThan(2000);
    }
  });

  it('a dropped connection or a port nobody listens on is a network error', async () => {
    expect(await adapter().check('DE199999992')).toEqual({ kind: 'unavailable', reason: 'network' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await viesAdapter({ endpoint: `http://127.0.0.1:${port}/check-vat-number` }).check('DE136308783')).toEqual({ kind: 'unavailable', reason: 'network' });
  });
});

describe('the request', () => {
  it("goes to the Commission's endpoint unless told otherwise", async () => {
    const urls: string[] = [];
    const fake: typeof fetch = async (url) => {
      urls.push(String(url));
      return new Response(JSON.stringify(VIES.invalid('DE', '136308783')), { headers: { 'content-type': 'application/json' } });
    };
    await viesAdapter({ fetch: fake }).check('DE136308783');
    expect(urls).toEqual(['https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number']);
    expect(VIES_ENDPOINT).toBe(urls[0]);
  });

  it('refuses a number without its prefix, before sending anything', async () => {
    const before = vies.requests.length;
    await expect(adapter().check('136308783')).rejects.toThrow(RangeError);
    await expect(adapter().check('DE136308783', '65912345675')).rejects.toThrow(RangeError);
    expect(vies.requests.length).toBe(before);
  });
});
