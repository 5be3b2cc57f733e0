/** The VAT numbers the e2e run's VIES stand-in knows (tests/e2e/run.ts), as VIES answers them. */
import { VIES, type ViesReply } from '../helpers/vies-server';

export const GERMAN_COMPANY = { vatNumber: 'DE136308783', name: 'Gartenbau Weber GmbH' } as const;

export const E2E_VIES_NUMBERS: Record<string, ViesReply> = {
  [GERMAN_COMPANY.vatNumber]: { json: VIES.valid('DE', GERMAN_COMPANY.vatNumber.slice(2), { name: GERMAN_COMPANY.name, address: 'Gewerbehof 12, 10117 Berlin', requestIdentifier: 'WAPIAAAAE2E1' }) },
};
