/**
 * Characters the store never keeps in what a client sends, and how stored text is shown where a
 * control character would act instead of being read (a terminal). Plain functions, no I/O.
 */

/** C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F): Unicode general category Cc. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * What a terminal does not print as it reads: controls (Cc), format characters such as the
 * bidirectional overrides U+202A–U+202E and zero-width characters (Cf), line and paragraph
 * separators (Zl, Zp) and lone surrogates (Cs).
 */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * Whether a text holds a C0 or C1 control character (U+0000–U+001F, U+007F, U+0080–U+009F:
 * ECMA-48 / ISO 6429 control functions, Unicode category Cc): an ESC sequence, CR, LF, NEL, ...
 * Client text holding one is refused before it is stored (docs/agent-commerce.md "Carts and checkouts").
 */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The text with each control character (Cc) replaced by a space: for text read by people in a
 * message (an e-mail's parts), where an escape would only confuse and a control could forge a
 * line (CR, LF) or act on a terminal (ESC).
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROLS, ' ');
}

/**
 * The text with every non-printable character written as an escape a person can read:
 * `\x1b` for a code point up to U+00FF, `\u202e` above (`\u{1d173}` beyond the BMP).
 * Printable text, backslashes included, is left as it is.
 */
export function escapeNonPrintable(text: string): string {
  return text.replace(NON_PRINTABLE, (c) => {
    const code = c.codePointAt(0)!;
    const hex = code.toString(16);
    if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
    return code <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`;
  });
}

/**
 * NUL (U+0000) and unpaired UTF-16 surrogates (U+D800–U+DFFF alone): text PostgreSQL cannot
 * store. A text column refuses the NUL byte, and `jsonb` refuses the escapes `\u0000` and a
 * lone `\ud800` that JSON.stringify writes for them; such text can never be kept, so it is
 * refused where it comes in, never retried as if the store were down.
 */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Whether a text holds a character the database cannot store (`UNSTORABLE`: NUL or a lone surrogate). */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** What a client is told when a text holds a character the database cannot store. */
export const UNSTORABLE_MESSAGE = 'must not contain NUL (U+0000) or an unpaired surrogate (U+D800–U+DFFF)';

/**
 * The first place in a parsed JSON value where a string, or a member's name, holds a character
 * the database cannot store: every text a client sends may reach a stored record (a loose
 * object keeps unknown members), so the whole value is checked, not a list of fields.
 * @param value a JSON value (call it after the depth check: it recurses)
 * @param path the path of `value` (`checkout.buyer`): members are appended as `.name`, items as `[i]`
 * @returns the path of the string (a member's name: the path of its object), or null
 */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasUnstorableCharacters(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) {
      if (hasUnstorableCharacters(name)) return path;
      const found = unstorableTextPath(member, path ? `${path}.${name}` : name);
      if (found !== null) return found;
    }
  }
  return null;
}
