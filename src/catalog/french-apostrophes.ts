/**
 * French text uses one apostrophe, the typographic ’ (U+2019), never the straight ' (issue 39).
 * Finds the straight apostrophes a reader would see in a French text (a `fr:` value of content/,
 * a content/<kind>/<handle>/fr.md file, a message of messages/fr.json) and curls them, leaving
 * alone what is not prose: Markdown code spans and fenced code blocks, URLs (bare, autolinks,
 * link destinations and reference definitions) and HTML tags with their attributes.
 */

/** One straight apostrophe of prose: 1-based line and column in the text, and the text around it. */
export interface StraightApostrophe {
  line: number;
  column: number;
  /** The line around the apostrophe, e.g. `…le bac de culture d'un coup dès que…`. */
  excerpt: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Parts of a line that are not prose, each matched whole. */
const NOT_PROSE = new RegExp(
  [
    /(`+)[^]*?(?<!`)\1(?!`)/.source, // code span: a run of backticks up to the same run
    /<!--[^]*?-->/.source, // HTML comment
    /<\/?[A-Za-z][^<>]*>/.source, // HTML tag, its attributes included; also an autolink <https://…>
    /\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)/.source, // link destination ](url "title")
    /^ {0,3}\[[^\]]+\]:\s*\S+.*$/.source, // reference definition [label]: url "title"
    /\b(?:https?|ftp|mailto|tel):[^\s<>()"`]*[^\s<>()"`.,;:!?]/.source, // bare URL
    /\bwww\.[^\s<>()"`]*[^\s<>()"`.,;:!?]/.source,
  ].join('|'),
  'gm',
);

/** The text with every character that is not prose replaced by a space (same length, same lines). */
function proseOnly(text: string): string {
  const lines = text.split('\n');
  let fence: string | null = null;
  const masked = lines.map((line) => {
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.slice(open[0].length).trim()) fence = null;
      return ' '.repeat(line.length);
    }
    if (open) {
      fence = open[1];
      return ' '.repeat(line.length);
    }
    return line;
  });
  return masked.join('\n').replace(NOT_PROSE, (part) => part.replace(/[^\n]/g, ' '));
}

/** Every straight apostrophe of the prose of `text`, in order. */
export function straightApostrophes(text: string): StraightApostrophe[] {
  const prose = proseOnly(text);
  const found: StraightApostrophe[] = [];
  let lineStart = 0;
  let line = 1;
  for (let i = 0; i < prose.length; i++) {
    if (prose[i] === '\n') {
      line++;
      lineStart = i + 1;
    } else if (prose[i] === "'") {
      const lineEnd = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      const from = Math.max(lineStart, i - 25);
      const to = Math.min(lineEnd, i + 26);
      const excerpt = `${from > lineStart ? '…' : ''}${text.slice(from, to).trim()}${to < lineEnd ? '…' : ''}`;
      found.push({ line, column: i - lineStart + 1, excerpt });
    }
  }
  return found;
}

/** `text` with the straight apostrophes of its prose curled (’), everything else as it was. */
export function curlApostrophes(text: string): string {
  const prose = proseOnly(text);
  let out = '';
  for (let i = 0; i < text.length; i++) out += prose[i] === "'" ? '’' : text[i];
  return out;
}

/** How an error of content validation describes one straight apostrophe. */
export function describeStraightApostrophe(found: StraightApostrophe): string {
  return `straight apostrophe (') in "${found.excerpt}": French text uses ’ (U+2019)`;
}
