/**
 * `npm run images`: draws a simple SVG illustration (category motif + product name) for every
 * product image referenced in content/products that does not exist under public/ yet. Existing
 * files (e.g. real photographs added later) are never overwritten. Sizes follow the YAML
 * `width`/`height`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadContent } from '../src/catalog/load';

const palette: Record<string, [string, string]> = {
  kits: ['#2f7d5b', '#d9f2e6'], greenhouses: ['#3c8d2f', '#e6f5d9'], aquariums: ['#1f6fa8', '#d7ebf7'],
  pumps: ['#275d8c', '#dde9f4'], 'air-pumps': ['#4f7fa8', '#e4eef6'], filtration: ['#2a6f75', '#d9eff0'],
  'growing-supports': ['#6b8e23', '#eef5dc'], substrates: ['#8b5a2b', '#f4e9dc'], fertilisers: ['#7a6a1f', '#f5f0d6'],
  seeds: ['#55802f', '#e9f3dd'], 'fish-feed': ['#b5651d', '#f8e8d8'], training: ['#6a4c93', '#ece4f5'],
};

const motif: Record<string, string> = {
  kits: '<rect x="220" y="420" width="360" height="160" rx="18"/><rect x="250" y="300" width="300" height="90" rx="12"/><path d="M300 300c0-60 30-90 60-110M400 300c0-70 0-100 0-130M500 300c0-60-30-90-60-110" fill="none" stroke-width="14"/>',
  greenhouses: '<path d="M180 560V360l220-160 220 160v200z" fill="none" stroke-width="18"/><path d="M400 200v360M180 460h440" fill="none" stroke-width="10"/>',
  aquariums: '<rect x="180" y="260" width="440" height="300" rx="14" fill="none" stroke-width="18"/><path d="M330 420c40-40 90-40 120 0-30 40-80 40-120 0zm120 0l40-30v60z"/>',
  pumps: '<rect x="280" y="300" width="240" height="220" rx="40"/><path d="M520 360h110v-120" fill="none" stroke-width="26"/>',
  'air-pumps': '<rect x="240" y="320" width="320" height="180" rx="50"/><circle cx="330" cy="250" r="26"/><circle cx="400" cy="200" r="18"/><circle cx="470" cy="250" r="22"/>',
  filtration: '<path d="M260 240h280l-60 200v120h-160V440z" fill="none" stroke-width="18"/><path d="M300 300h200M320 360h160" stroke-width="10"/>',
  'growing-supports': '<rect x="180" y="440" width="440" height="70" rx="10"/><path d="M260 440c0-80 20-120 60-150M400 440c0-90 0-140 0-170M540 440c0-80-20-120-60-150" fill="none" stroke-width="14"/>',
  substrates: '<circle cx="320" cy="460" r="50"/><circle cx="430" cy="470" r="60"/><circle cx="380" cy="370" r="45"/><circle cx="500" cy="390" r="40"/><circle cx="270" cy="380" r="35"/>',
  fertilisers: '<path d="M340 200h120v80l60 60v220H280V340l60-60z" fill="none" stroke-width="18"/><path d="M300 420h200"/>',
  seeds: '<ellipse cx="330" cy="420" rx="40" ry="60" transform="rotate(-25 330 420)"/><ellipse cx="450" cy="400" rx="40" ry="60" transform="rotate(20 450 400)"/><path d="M400 300c0-60 40-90 90-90-10 50-40 80-90 90z"/>',
  'fish-feed': '<path d="M260 420c80-90 200-90 260 0-60 90-180 90-260 0zm260 0l80-60v120z"/><circle cx="330" cy="400" r="10" fill="#fff"/>',
  training: '<rect x="220" y="260" width="360" height="240" rx="16" fill="none" stroke-width="18"/><path d="M400 500v60M320 560h160M280 320h240M280 380h180" stroke-width="12"/>',
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const { catalog } = loadContent(process.env.CONTENT_ROOT ?? process.cwd());
let written = 0;
for (const product of catalog.products) {
  for (const image of product.images) {
    const file = join(process.cwd(), 'public', image.src);
    if (existsSync(file)) continue;
    const [ink, paper] = palette[product.category];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}" viewBox="0 0 800 800" role="img" aria-label="${escape(image.alt.fr)}">
<title>${escape(image.alt.fr)}</title>
<rect width="800" height="800" fill="${paper}"/>
<g fill="${ink}" stroke="${ink}" stroke-linecap="round" stroke-linejoin="round">${motif[product.category]}</g>
<text x="400" y="680" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" fill="${ink}">${escape(product.title.fr)}</text>
</svg>
`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg);
    written++;
  }
}
console.log(`images: ${written} SVG file(s) written under public/`);
