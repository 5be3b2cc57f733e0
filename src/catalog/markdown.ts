/**
 * Markdown of the content (product descriptions, pages, articles) to HTML, with the typography
 * of prose applied to its text (typography.ts): code keeps what the editor wrote.
 */
import { Marked, type Token } from 'marked';
import { keepNumbersWithUnits } from './typography';

const markdown = new Marked({
  walkTokens(token: Token) {
    // Leaf text only: a paragraph's own `text` is the source its children were parsed from.
    if (token.type === 'text' && !('tokens' in token && token.tokens?.length)) token.text = keepNumbersWithUnits(token.text);
  },
});

/** `source` (Markdown) rendered to HTML, synchronously. @throws Error when marked fails */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false }) as string;
}
