import { describe, expect, it } from 'vitest';
import { keepNumbersWithUnits } from '../src/catalog/typography';
import { renderMarkdown } from '../src/catalog/markdown';

const NBSP = '\u00a0';

describe('a number stays with its unit (src/catalog/typography.ts)', () => {
  it.each([
    ['Fische von 50 bis 200 g', `Fische von 50 bis 200${NBSP}g`],
    ['Durchfluss bis 2.500 L/h, Ablassventil 25 mm', `Durchfluss bis 2.500${NBSP}L/h, Ablassventil 25${NBSP}mm`],
    ['de 20 à 28 °C', `de 20 à 28${NBSP}°C`],
    ['un sachet de 2 g.', `un sachet de 2${NBSP}g.`],
    ['15 % de remise', `15${NBSP}% de remise`],
    ['5 kg', `5${NBSP}kg`],
  ])('%s', (input, expected) => {
    expect(keepNumbersWithUnits(input)).toBe(expected);
  });

  it.each([
    ['3 l’eau', 'an apostrophe after the letter: not a unit'],
    ['2 s vodou', 'Czech "s" (with) is not a second'],
    ['10 grammes', 'a word that starts like a unit'],
    ['2 mois', 'a word that starts like "m"'],
    ['Größe 2 Gramm', 'a capitalised word'],
  ])('leaves "%s" alone (%s)', (input) => {
    expect(keepNumbersWithUnits(input)).toBe(input);
  });

  it('applies to rendered prose, not to code', () => {
    const html = renderMarkdown('Bis **2 g** pro Tag, `2 g` im Code, und 300 L/h.');
    expect(html).toContain(`<strong>2${NBSP}g</strong>`);
    expect(html).toContain('<code>2 g</code>');
    expect(html).toContain(`300${NBSP}L/h`);
  });
});
