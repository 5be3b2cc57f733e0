/**
 * The message catalogues (docs/decisions.md "Words in message catalogues"): one JSON file per
 * locale under messages/, namespaces of messages in ICU MessageFormat (`{name}` arguments,
 * `{n, plural, one {# article} other {# articles}}` by CLDR rules, `{kind, select, …}`), French
 * the source every other catalogue must match. messages/descriptions.json says, for translators,
 * where a message is shown and what its arguments are. Compiled by @messageformat/core into one
 * module per namespace (src/i18n/generated/<namespace>.js, its types beside it): a message
 * without arguments is a string, one with arguments a function of them.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { type Token, parse } from '@messageformat/parser';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS } from '../../src/catalog/locales';

/** Where the compiled modules go, relative to the project root. */
export const GENERATED_DIR = 'src/i18n/generated';

/** namespace → key → ICU message. */
export type Catalogue = Record<string, Record<string, string>>;

export interface Catalogues {
  /** By locale, as read from messages/<locale>.json. */
  byLocale: Record<string, Catalogue>;
  /** namespace → key → note for translators and developers (messages/descriptions.json). */
  descriptions: Catalogue;
}

/** How a message uses an argument: as text, or to choose a form. */
type ArgumentKind = 'text' | 'plural' | 'selectordinal' | 'select' | 'number' | 'date' | 'time';

/**
 * Reads every catalogue of the store's locales.
 * @throws Error naming the file when one is missing or is not a JSON object of objects of strings
 */
export function readCatalogues(root: string): Catalogues {
  const read = (file: string): Catalogue => {
    const path = join(root, 'messages', file);
    if (!existsSync(path)) throw new Error(`messages/${file}: missing (one catalogue per locale of content/store.yaml)`);
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    const valid = !!value && typeof value === 'object' && Object.values(value).every((ns) => !!ns && typeof ns === 'object' && Object.values(ns).every((m) => typeof m === 'string'));
    if (!valid) throw new Error(`messages/${file}: expected {"namespace": {"key": "message", …}, …}`);
    return value as Catalogue;
  };
  const byLocale = Object.fromEntries(LOCALES.map((locale) => [locale, read(`${locale}.json`)]));
  const descriptions = existsSync(join(root, 'messages', 'descriptions.json')) ? read('descriptions.json') : {};
  return { byLocale, descriptions };
}

/**
 * The arguments of a message and how each is used, once it compiles for its locale (plural
 * categories of that locale's CLDR rules, an `other` case in every plural and select).
 * @throws the parser's or the compiler's error
 */
function argumentsOf(message: string, tag: string): Map<string, ArgumentKind> {
  new MessageFormat(tag).compile(message);
  const found = new Map<string, ArgumentKind>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') {
        if (!found.has(token.arg)) found.set(token.arg, 'text');
      } else if (token.type === 'function') {
        found.set(token.arg, (['number', 'date', 'time'].includes(token.key) ? token.key : 'text') as ArgumentKind);
      } else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.set(token.arg, token.type);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return found;
}

const describeArguments = (args: Map<string, ArgumentKind>) => [...args].map(([name, kind]) => (kind === 'text' ? `{${name}}` : `{${name}, ${kind}}`)).sort().join(' ') || 'none';

/** The TypeScript type of one message: a string, or a function of its arguments. */
function messageType(args: Map<string, ArgumentKind>): string {
  if (!args.size) return 'string';
  const members = [...args].map(([name, kind]) => `${name}: ${kind === 'text' ? 'string | number' : kind === 'select' ? 'string' : kind === 'date' || kind === 'time' ? 'Date | number' : 'number'}`);
  return `(values: { ${members.join('; ')} }) => string`;
}

/**
 * The forms of a message that is one plural of `n` and nothing else, by CLDR category, with
 * `{n}` for the number (`{one: "{n} article", other: "{n} articles"}`): what a browser script
 * picks from with `Intl.PluralRules`, the page handing it the locale's forms. Null for any other
 * message.
 */
function pluralFormsOf(message: string): Record<string, string> | null {
  const tokens = parse(message, { strict: false });
  const [only] = tokens;
  if (tokens.length !== 1 || only.type !== 'plural' || only.arg !== 'n') return null;
  const text = (list: readonly Token[]): string | null => {
    let out = '';
    for (const token of list) {
      if (token.type === 'content') out += token.value;
      else if (token.type === 'octothorpe') out += '{n}';
      else return null;
    }
    return out;
  };
  const forms: Record<string, string> = {};
  for (const c of only.cases) {
    const form = text(c.tokens);
    if (form === null) return null;
    forms[c.key] = form;
  }
  return forms;
}

const interfaceName = (namespace: string) => `${namespace[0].toUpperCase()}${namespace.slice(1)}Messages`;

/** A file to write: its path relative to the root and its text. */
export interface GeneratedFile { path: string; text: string }

/**
 * Checks every catalogue against the French one and compiles them.
 * @returns the generated modules, or every error found (file, key and what is wrong)
 */
export function compileCatalogues({ byLocale, descriptions }: Catalogues): { files: GeneratedFile[] } | { errors: string[] } {
  const errors: string[] = [];
  const source = byLocale[DEFAULT_LOCALE];
  const sourceArgs = new Map<string, Map<string, ArgumentKind>>();
  for (const [namespace, messages] of Object.entries(source)) {
    for (const [key, message] of Object.entries(messages)) {
      try {
        sourceArgs.set(`${namespace}.${key}`, argumentsOf(message, LOCALE_TAGS[DEFAULT_LOCALE]));
      } catch (error) {
        errors.push(`messages/${DEFAULT_LOCALE}.json: ${namespace}.${key}: ${(error as Error).message}`);
      }
    }
  }
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    const catalogue = byLocale[locale];
    for (const [namespace, messages] of Object.entries(source)) {
      for (const key of Object.keys(messages)) {
        const message = catalogue[namespace]?.[key];
        const id = `${namespace}.${key}`;
        if (message === undefined) {
          errors.push(`messages/${locale}.json: ${id}: missing (French: ${JSON.stringify(messages[key])})`);
          continue;
        }
        let args: Map<string, ArgumentKind>;
        try {
          args = argumentsOf(message, LOCALE_TAGS[locale]);
        } catch (error) {
          errors.push(`messages/${locale}.json: ${id}: ${(error as Error).message}`);
          continue;
        }
        const expected = sourceArgs.get(id);
        if (expected && describeArguments(args) !== describeArguments(expected)) {
          errors.push(`messages/${locale}.json: ${id}: arguments ${describeArguments(args)} differ from the French message's ${describeArguments(expected)}`);
        }
      }
    }
    for (const [namespace, messages] of Object.entries(catalogue)) {
      for (const key of Object.keys(messages)) {
        if (source[namespace]?.[key] === undefined) errors.push(`messages/${locale}.json: ${namespace}.${key}: not in messages/${DEFAULT_LOCALE}.json`);
      }
    }
  }
  if (errors.length) return { errors };

  const files: GeneratedFile[] = [];
  for (const [namespace, messages] of Object.entries(source)) {
    const tags = LOCALES.map((locale) => LOCALE_TAGS[locale]);
    const formatter = new MessageFormat(tags, { strict: false });
    const compiled = compileModule(formatter, Object.fromEntries(LOCALES.map((locale) => [LOCALE_TAGS[locale], byLocale[locale][namespace]])));
    const plain = Object.keys(messages).filter((key) => !sourceArgs.get(`${namespace}.${key}`)!.size);
    // A message is offered to browser scripts as forms when it is one plural of `n` in every locale.
    const pluralKeys = Object.keys(messages).filter((key) => LOCALES.every((locale) => pluralFormsOf(byLocale[locale][namespace][key]) !== null));
    const js = [
      `// Generated by scripts/build-messages.ts from messages/<locale>.json ("${namespace}"): edit the catalogues, not this file.`,
      compiled.replace('export default {', 'const compiled = {'),
      '',
      '/** Messages without arguments, as their text. */',
      `const PLAIN = new Set(${JSON.stringify(plain)});`,
      'const ready = (messages) => Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, PLAIN.has(key) ? message() : message]));',
      '',
      `export default { ${LOCALES.map((locale) => `${locale}: ready(compiled[${JSON.stringify(LOCALE_TAGS[locale])}])`).join(', ')} };`,
      ...(pluralKeys.length ? [
        '',
        '/** The forms of the messages that are one plural of `n`, for browser scripts (scripts/lib/messages.ts `pluralFormsOf`). */',
        `export const pluralForms = ${JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, Object.fromEntries(pluralKeys.map((key) => [key, pluralFormsOf(byLocale[locale][namespace][key])]))])))};`,
      ] : []),
      '',
    ].join('\n');
    const members = Object.entries(messages).map(([key, message]) => {
      const note = descriptions[namespace]?.[key];
      const doc = `${note ? `${note} ` : ''}French: ${JSON.stringify(message)}`.replace(/\*\//g, '*\\/');
      return `  /** ${doc} */\n  ${key}: ${messageType(sourceArgs.get(`${namespace}.${key}`)!)};`;
    });
    const dts = [
      `// Generated by scripts/build-messages.ts from messages/<locale>.json ("${namespace}"): edit the catalogues, not this file.`,
      "import type { Locale } from '../../catalog/locales';",
      '',
      `/** The "${namespace}" messages of one locale. */`,
      `export interface ${interfaceName(namespace)} {`,
      ...members,
      '}',
      '',
      `declare const messages: Record<Locale, ${interfaceName(namespace)}>;`,
      'export default messages;',
      ...(pluralKeys.length ? [
        '',
        '/** The forms of the messages that are one plural of `n`, by CLDR category, `{n}` for the number: for browser scripts. */',
        `export declare const pluralForms: Record<Locale, { ${pluralKeys.map((key) => `${key}: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }`).join('; ')} }>;`,
      ] : []),
      '',
    ].join('\n');
    files.push({ path: `${GENERATED_DIR}/${namespace}.js`, text: js }, { path: `${GENERATED_DIR}/${namespace}.d.ts`, text: dts });
  }
  return { files };
}

/** Writes a generated file when its text changed. @returns true when written */
export function writeIfChanged(root: string, file: GeneratedFile): boolean {
  const path = join(root, file.path);
  if (existsSync(path) && readFileSync(path, 'utf8') === file.text) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, file.text);
  return true;
}

/** Every .ts and .astro file under `dir`, the generated modules excepted. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === GENERATED_DIR ? [] : sourceFiles(root, path);
    return /\.(ts|astro)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The keys of the French catalogue that no source file under src/ names (`.key` or `'key'`): words a
 * translator would keep translating for nothing.
 */
export function unusedKeys(root: string, { byLocale }: Catalogues): string[] {
  const text = sourceFiles(root, 'src').map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
  // Named as a member (`ui.cartTitle`) or as a key chosen at run time (`'statusShipped'`).
  const named = new Set([...text.matchAll(/[.'"](\w+)\b/g)].map((m) => m[1]));
  return Object.entries(byLocale[DEFAULT_LOCALE]).flatMap(([namespace, messages]) => Object.keys(messages).filter((key) => !named.has(key)).map((key) => `${namespace}.${key}`));
}

