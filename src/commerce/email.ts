/**
 * The buyer's e-mail address: one mailbox, parsed once by one strict parser, so that the address
 * shown to the buyer, hashed into the approved terms, counted by the per-address limit of
 * approval codes and handed to the mail transport is the same string (docs/agent-commerce.md
 * "Buyer approval", "Carts and checkouts"). Plain functions, no I/O.
 */
import { domainToASCII } from 'node:url';
import { hasControlCharacters } from './text';

/** Size limits of RFC 5321 §4.5.3.1: local part 64 octets, domain 255, a path 256 with its brackets (254 for the address). */
export const MAILBOX_LIMITS = { localPart: 64, domain: 253, address: 254 } as const;

/** RFC 5322 §3.2.3 `dot-atom-text`: atext runs separated by single dots (no quoted string, comment or leading, trailing or double dot). */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
/** A domain as typed: labels of letters, marks and digits (any script) with hyphens, separated by single dots. */
const TYPED_DOMAIN = /^[\p{L}\p{M}\p{N}-]+(\.[\p{L}\p{M}\p{N}-]+)+$/u;
/** RFC 1035 §2.3.1 / RFC 1123 §2.1 LDH label: letters, digits, inner hyphens, at most 63 octets. */
const LDH_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Parses a buyer's e-mail address as one RFC 5321 §4.1.2 `Mailbox` with a domain name:
 * `local-part@domain`, where the local part is an RFC 5322 `dot-atom` of ASCII atext (at most 64
 * octets) and the domain has at least two LDH labels (RFC 1035, no leading or trailing hyphen, a
 * top-level label not all digits), given in Unicode (IDNA, converted with the WHATWG URL
 * standard's domain-to-ASCII, UTS #46) or in ASCII. Refused: address lists (`a,b@x`), display
 * names and angle brackets (`Name <a@x>`), comments, quoted strings, address literals, a trailing
 * dot (`a@example.org.`), whitespace or control characters inside, more than 254 octets.
 * @param input what the client sent; surrounding spaces are ignored
 * @returns the normalised address (trimmed, domain lower-cased and in punycode:
 *          `A@Bücher.Example` → `A@xn--bcher-kva.example`; the local part is kept as sent), or null
 */
export function parseMailbox(input: string): string | null {
  if (hasControlCharacters(input)) return null;
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  const local = trimmed.slice(0, at);
  const typedDomain = trimmed.slice(at + 1);
  if (local.length > MAILBOX_LIMITS.localPart || !DOT_ATOM.test(local)) return null;
  if (!TYPED_DOMAIN.test(typedDomain)) return null;
  const domain = domainToASCII(typedDomain).toLowerCase();
  if (!domain || domain.length > MAILBOX_LIMITS.domain) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LDH_LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  const address = `${local}@${domain}`;
  return address.length > MAILBOX_LIMITS.address ? null : address;
}
