/**
 * Zod schemas of the UCP 2026-04-08 wire shapes shared by every tool (docs/agent-commerce.md "MCP envelope", "Errors", "Context hints";
 * schemas `shopping/types/*.json`). One schema per concept gives the TypeScript types, the
 * validation of tool arguments and the self-contained JSON Schemas of `tools/list`. The
 * official schemas remain the reference: tests validate every result against them.
 * Request objects are loose (UCP is extensible; unknown fields are ignored), response objects
 * are exact.
 */
import { z } from 'zod';
import { parseMailbox } from '../../commerce/email';
import { hasControlCharacters } from '../../commerce/text';

/**
 * Free text a client sends, to be stored or echoed (names, address lines, e-mail, phone, context
 * hints, ids): at most `max` characters and no C0 or C1 control character (src/commerce/text.ts
 * `hasControlCharacters`), refused with -32602 naming the field (docs/agent-commerce.md "Carts and
 * checkouts").
 */
export function freeText(max: number) {
  return z.string().max(max).refine((text) => !hasControlCharacters(text), { message: 'must not contain control characters (U+0000–U+001F, U+007F–U+009F)' });
}

/**
 * `buyer.email` in requests: one mailbox as src/commerce/email.ts `parseMailbox` reads it
 * (RFC 5321 §4.1.2 `local-part@domain`); the core stores it normalised.
 */
export const MailboxText = freeText(320)
  .refine((text) => parseMailbox(text) !== null, { message: 'must be one e-mail address (local-part@domain): no list, display name, angle brackets, comment, quoted string, spaces or trailing dot' })
  .describe('One e-mail address (local-part@domain); an internationalised domain is stored in punycode');

/** The buyer in cart and checkout requests (types/buyer.json). */
export const BuyerRequest = z.looseObject({
  first_name: freeText(200).optional(),
  last_name: freeText(200).optional(),
  email: MailboxText.optional(),
  phone_number: freeText(50).optional(),
});

/** Amount in EUR minor units (cents), >= 0 (types/amount.json). */
export const Amount = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Signed amount in cents (types/signed_amount.json). */
export const SignedAmount = z.int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** `{amount, currency}` (types/price.json): catalog prices are objects, cart/checkout prices bare integers. */
export const Price = z.object({ amount: Amount, currency: z.string().regex(/^[A-Z]{3}$/) });

/** UCP `context` of a request (types/context.json): hints for country, language, currency. */
export const Context = z.looseObject({
  address_country: freeText(100).optional(),
  address_region: freeText(200).optional(),
  postal_code: freeText(40).optional(),
  language: freeText(50).optional().describe('BCP 47 tag; picks the locale of titles and descriptions (fallback fr)'),
  currency: freeText(10).optional().describe('Preferred currency; prices are always EUR'),
  intent: freeText(1000).optional(),
  eligibility: z.array(freeText(1000)).max(50).optional(),
});
export type Context = z.infer<typeof Context>;

/** The context as responses echo it: the hints the store keeps. */
export const ResponseContext = z.object({
  address_country: z.string().optional(),
  address_region: z.string().optional(),
  postal_code: z.string().optional(),
  language: z.string().optional(),
  currency: z.string().optional(),
  intent: z.string().optional(),
});

/** UCP request metadata `arguments.meta` (mcp.openrpc.json `components.schemas.meta`); UCP's `meta`, not MCP's `_meta`. */
export const Meta = z.looseObject({
  'ucp-agent': z.looseObject({ profile: z.string().describe('Platform profile URL (https)') }).optional(),
  'idempotency-key': z.string().min(1).max(255).optional().describe('UUID; makes retries safe for 24 h'),
});
export type Meta = z.infer<typeof Meta>;

const CapabilityVersions = z.record(z.string(), z.array(z.object({ version: z.string() })));

/** The `ucp` block of a successful response: negotiated version and the capabilities of the operation. */
export const UcpResponseMeta = z.object({
  version: z.string(),
  status: z.literal('success').optional(),
  capabilities: CapabilityVersions.optional(),
});
export type UcpResponseMeta = z.infer<typeof UcpResponseMeta>;

const ContentType = z.enum(['plain', 'markdown']).optional();

export const MessageError = z.object({
  type: z.literal('error'),
  code: z.string(),
  content: z.string(),
  severity: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable']),
  path: z.string().optional(),
  content_type: ContentType,
});
export const MessageWarning = z.object({
  type: z.literal('warning'),
  code: z.string(),
  content: z.string(),
  path: z.string().optional(),
  content_type: ContentType,
  presentation: z.string().optional(),
  url: z.string().optional(),
});
export const MessageInfo = z.object({
  type: z.literal('info'),
  content: z.string(),
  code: z.string().optional(),
  path: z.string().optional(),
  content_type: ContentType,
});
/** A UCP message (types/message.json): error, warning or info. */
export const Message = z.discriminatedUnion('type', [MessageError, MessageWarning, MessageInfo]);
export type Message = z.infer<typeof Message>;

/** `error_response` (types/error_response.json): no resource, only messages; no other top-level keys. */
export const ErrorResponse = z.strictObject({
  ucp: z.object({ version: z.string(), status: z.literal('error') }),
  messages: z.array(Message).min(1),
  continue_url: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** One entry of `totals` (types/total.json + totals.json `lines`). */
export const Total = z.object({
  type: z.string(),
  amount: SignedAmount,
  display_text: z.string().optional(),
  lines: z.array(z.object({ display_text: z.string(), amount: SignedAmount })).optional(),
});
export type Total = z.infer<typeof Total>;

/** A link (types/link.json). */
export const Link = z.object({ type: z.string(), url: z.string(), title: z.string().optional() });
