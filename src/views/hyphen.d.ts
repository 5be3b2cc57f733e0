/** The `hyphen` package (no types of its own): one module per language's patterns. */
declare module 'hyphen/*' {
  export function hyphenateSync(text: string, options?: { minWordLength?: number; hyphenChar?: string }): string;
  const patterns: { hyphenateSync: typeof hyphenateSync };
  export default patterns;
}
