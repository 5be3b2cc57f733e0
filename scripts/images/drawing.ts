/**
 * The drawing kit of the product illustrations (scripts/generate-images.ts): per-category
 * palettes, SVG primitives with integer coordinates (small files), and the shared parts —
 * plants and fish, containers and objects, machines — each drawn around its own origin so a
 * scene can place it. No words are ever drawn: one file serves the 12 locales.
 */
import type { Product } from '../../src/catalog/schema';

// ---------------------------------------------------------------------------------------------
// Colours
export type Palette = { bg: string; disc: string; main: string; dark: string };
/** Per category: background, the lighter disc behind the object, and the category's main colours. */
export const PALETTES: Record<Product['category'], Palette> = {
  kits: { bg: '#d8efe3', disc: '#eef9f3', main: '#2f8f62', dark: '#1f6a48' },
  greenhouses: { bg: '#e3f0cf', disc: '#f3f9ea', main: '#4e9a2f', dark: '#3a7622' },
  aquariums: { bg: '#d4e8f6', disc: '#ecf5fc', main: '#1f6fa8', dark: '#16507a' },
  pumps: { bg: '#d9e2ee', disc: '#eef2f8', main: '#2b5d8e', dark: '#1d4166' },
  'air-pumps': { bg: '#e0e4f7', disc: '#f2f4fc', main: '#5267b8', dark: '#3a4c8f' },
  filtration: { bg: '#d3ecea', disc: '#ebf7f6', main: '#2a7d80', dark: '#1d5c5e' },
  'growing-supports': { bg: '#e9efd2', disc: '#f6f9ea', main: '#6b8e23', dark: '#4f6b17' },
  substrates: { bg: '#f1e3d2', disc: '#faf3ea', main: '#a0612d', dark: '#7a4620' },
  fertilisers: { bg: '#f3edcc', disc: '#fbf8e8', main: '#b08d1a', dark: '#846910' },
  seeds: { bg: '#f8e2dc', disc: '#fdf2ef', main: '#c8553d', dark: '#9c3d2a' },
  'fish-feed': { bg: '#fbe4cc', disc: '#fef3e6', main: '#d9822b', dark: '#a95f17' },
  training: { bg: '#e7e0f3', disc: '#f5f1fb', main: '#6a4c93', dark: '#4e366f' },
};

/** Colours shared by every category: water, leaves, fish, plastics, metal. */
export const K = {
  water: '#7cc3ea', waterDeep: '#4d9fd3', waterTop: '#b8e2f6', glass: '#e3f3fb',
  leaf: '#5fb346', leafDark: '#3b8a34', leafLight: '#8fd068', stem: '#4a8a2f',
  red: '#e0463a', redDark: '#b3322a', orange: '#f39237', yellow: '#f2c230', purple: '#8d5bc8', pink: '#e77fb0',
  ink: '#26323d', dark: '#36434f', dark2: '#4b5a67', grey: '#8d99a6', steel: '#b7c1ca', light: '#d8dfe5',
  white: '#fbfcfd', shade: '#dde4ea', brass: '#c9a13b', skin: '#f0c39c', skin2: '#b87b4f',
  clay: '#c8693a', clayDark: '#9c4a24', clayLight: '#e5935e', brown: '#8b5a2b', brownDark: '#66401d', kraft: '#d4ac76',
};

// ---------------------------------------------------------------------------------------------
// Primitives. Numbers are rounded to integers to keep files small; the root <svg> sets round caps.
export type N = number;
export const f = (v: N) => String(Math.round(v));
export const rect = (x: N, y: N, w: N, h: N, fill: string, rx = 0, more = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ''} fill="${fill}"${more}/>`;
export const circle = (cx: N, cy: N, r: N, fill: string, more = '') => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${more}/>`;
export const ellipse = (cx: N, cy: N, rx: N, ry: N, fill: string, more = '') => `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${more}/>`;
export const path = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}"${more}/>`;
export const line = (d: string, stroke: string, width: N, more = '') => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(width)}"${more}/>`;
export const group = (transform: string, ...children: string[]) => `<g transform="${transform}">${children.join('')}</g>`;
/** Draws `children` (made around 0,0) at x,y, scaled by s and optionally mirrored. */
export const at = (x: N, y: N, s: N, ...children: string[]) => group(`translate(${f(x)} ${f(y)})${s !== 1 ? ` scale(${s})` : ''}`, ...children);
export const flip = (...children: string[]) => group('scale(-1 1)', ...children);
export const alpha = (a: N) => ` fill-opacity="${a}"`;
/** A thin grey outline, for white objects on a pale background. */
export const outline = (w = 6) => ` stroke="${K.grey}" stroke-width="${w}"`;
/** Path data of a circle, to merge many same-coloured dots into one <path>. */
export const dotD = (cx: N, cy: N, radius: N) => {
  const r = Math.max(1, Math.round(radius)), x = Math.round(cx) - r;
  return `M${x} ${f(cy)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
};
export const dots = (pts: Array<[N, N, N]>, fill: string, more = '') => (pts.length ? path(pts.map(([x, y, r]) => dotD(x, y, r)).join(''), fill, more) : '');
/** Path data of a leaf from its base (x,y), pointing `deg` degrees clockwise from straight up. */
export const leafD = (x: N, y: N, deg: N, len: N, wid: N) => {
  const a = (deg * Math.PI) / 180;
  const tx = x + Math.sin(a) * len, ty = y - Math.cos(a) * len;
  const mx = (x + tx) / 2, my = (y + ty) / 2, px = Math.cos(a) * wid, py = Math.sin(a) * wid;
  return `M${f(x)} ${f(y)}Q${f(mx + px)} ${f(my + py)} ${f(tx)} ${f(ty)}Q${f(mx - px)} ${f(my - py)} ${f(x)} ${f(y)}`;
};
export const shadow = (cx: N, cy: N, rx: N, ry = 22) => ellipse(cx, cy, rx, ry, '#000', alpha(0.08));

/** Deterministic pseudo-random numbers, seeded per product, so a redraw gives the same file. */
export function rng(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rand = () => number;
/** Points filling a half-ellipse heap (base centre cx,cy, half-width w, height h), larger at the bottom. */
export function heapPts(rand: Rand, cx: N, cy: N, w: N, h: N, n: number, r: N): Array<[N, N, N]> {
  const pts: Array<[N, N, N]> = [];
  for (let i = 0; i < n; i++) {
    const u = rand() * 2 - 1, v = rand();
    const top = h * Math.sqrt(Math.max(0, 1 - u * u));
    pts.push([cx + u * w, cy - v * top, r * (0.75 + rand() * 0.5)]);
  }
  return pts.sort((a, b) => a[1] - b[1]);
}

// ---------------------------------------------------------------------------------------------
// Living things. Each is drawn around its base (0,0) and placed with `at`.
export const fish = (color: string, fin = K.orange) =>
  path('M-60 0C-35-38 30-38 45 0C30 38-35 38-60 0z', color) + path('M40 0L78-30V30z', fin) + path('M-10-26q20-18 35 2z', fin) + circle(-36, -6, 6, '#fff') + circle(-37, -6, 3, K.ink);
export const betta = () => path('M-50 0C-30-28 20-28 35 0C20 28-30 28-50 0z', K.red) + path('M30 0C70-60 110-30 95 0C110 30 70 60 30 0z', '#c9283a') + path('M-10-20q30-50 40-10zM-10 20q30 50 40 10z', '#c9283a') + circle(-30, -5, 5, '#fff');
export const lettuce = (c1 = K.leaf, c2 = K.leafLight) =>
  path(leafD(0, 0, -55, 70, 28) + leafD(0, 0, 55, 70, 28), c1) + path(leafD(0, 0, -22, 85, 32) + leafD(0, 0, 22, 85, 32), c2) + path(leafD(0, 0, 0, 70, 26), c1);
export const basil = () =>
  line('M0 0V-95', K.stem, 7) + path(leafD(0, -15, -68, 58, 40) + leafD(0, -15, 68, 58, 40) + leafD(0, -55, -55, 48, 34) + leafD(0, -55, 55, 48, 34) + leafD(0, -88, -18, 40, 28) + leafD(0, -88, 18, 40, 28), K.leaf) + line('M0-15l-30-14M0-15l30-14M0-55l-24-14M0-55l24-14', K.leafDark, 3);
export const seedling = (c = K.leafLight) => line('M0 0V-45', K.stem, 6) + path(leafD(0, -42, -70, 34, 14) + leafD(0, -42, 70, 34, 14), c);
export const tomatoPlant = () =>
  line('M0 0V-150M0-70l-45-40M0-100l40-35', K.stem, 8) + path(leafD(0, -20, -70, 60, 20) + leafD(0, -40, 65, 60, 20) + leafD(0, -150, -15, 50, 18) + leafD(0, -150, 20, 50, 18) + leafD(-45, -110, -40, 45, 16) + leafD(40, -135, 40, 45, 16), K.leaf) +
  dots([[-50, -90, 16], [-28, -80, 16], [48, -112, 15], [28, -95, 15], [-38, -62, 14]], K.red);
export const strawberryPlant = () =>
  path(leafD(0, 0, -45, 75, 30) + leafD(0, 0, 45, 75, 30) + leafD(0, 0, 0, 85, 32), K.leaf) + line('M0-20q-40 30-55 60M0-20q45 30 50 55', K.stem, 5) +
  path('M-72 38q17-10 34 0q0 30-17 42q-17-12-17-42zM32 35q17-10 34 0q0 30-17 42q-17-12-17-42z', K.red) + path(leafD(-55, 40, -60, 20, 8) + leafD(-55, 40, 60, 20, 8) + leafD(49, 37, -60, 20, 8) + leafD(49, 37, 60, 20, 8), K.leafDark);
export const pepperPlant = () =>
  line('M0 0V-140M0-80l-40-35M0-110l35-30', K.stem, 8) + path(leafD(0, -30, -65, 55, 20) + leafD(0, -50, 60, 55, 20) + leafD(0, -140, -10, 45, 17) + leafD(-40, -115, -35, 40, 15) + leafD(35, -140, 35, 40, 15), K.leaf) +
  path('M-30-105q14 0 12 18q-4 40-14 40q-10-8-10-40q0-18 12-18zM22-128q14 0 12 18q-4 38-14 38q-10-8-10-38q0-18 12-18z', K.red);
export const chard = () => line('M0 0q-20-50-40-90M0 0q5-60 5-110M0 0q25-50 45-85', '#c73a5a', 8) + path(leafD(-20, -40, -30, 80, 28) + leafD(4, -50, 0, 90, 30) + leafD(22, -40, 32, 80, 28), K.leafDark);
export const kale = () => line('M0 0V-110', '#5f8f52', 7) + path(leafD(0, -20, -50, 80, 30) + leafD(0, -20, 50, 80, 30) + leafD(0, -60, -25, 70, 26) + leafD(0, -60, 25, 70, 26), '#3f6f4c') + path(leafD(0, -40, -50, 60, 12) + leafD(0, -40, 50, 60, 12), '#5a8c66');
export const spinach = () => path(leafD(0, 0, -40, 85, 34) + leafD(0, 0, 40, 85, 34) + leafD(0, 0, 0, 95, 36), '#2f7f3a') + line('M0 0l-50-60M0 0V-85M0 0l50-60', '#57a05f', 4);
export const herb = (c = K.leaf) => line('M0 0V-80', K.stem, 5) + path(leafD(0, -25, -60, 38, 18) + leafD(0, -25, 60, 38, 18) + leafD(0, -55, -50, 32, 16) + leafD(0, -55, 50, 32, 16) + leafD(0, -78, 0, 30, 16), c);
export const PLANTS = { lettuce, basil, seedling, tomato: tomatoPlant, strawberry: strawberryPlant, pepper: pepperPlant, chard, kale, spinach, herb };
export type PlantName = keyof typeof PLANTS;
export const plant = (name: PlantName) => PLANTS[name]();
export const bubbles = (pts: Array<[N, N, N]>) => dots(pts, '#fff', alpha(0.75));
export const column = (x: N, y0: N, y1: N, n: number, r: N, rand: Rand): Array<[N, N, N]> =>
  Array.from({ length: n }, (_, i) => [x + (rand() - 0.5) * 30, y0 - ((y0 - y1) * i) / Math.max(1, n - 1), r * (0.6 + rand() * 0.6)] as [N, N, N]);
export const person = (shirt: string, hair = K.brownDark, skin = K.skin) =>
  path('M-55 0V-45Q-55-100 0-100T55-45V0z', shirt) + circle(0, -135, 34, skin) + path('M-36-138a36 36 0 0 1 72 0q-30-18-72 0z', hair);

// ---------------------------------------------------------------------------------------------
// Containers and objects. Origin: bottom centre unless said otherwise.
/** An open-top glass tank: water, gravel, plants and fish. */
export function glassTank(w: N, h: N, o: { fish?: Array<[N, N, N, string]>; gravel?: boolean; weed?: boolean; rand: Rand; water?: N }) {
  const x = -w / 2, top = -h, wl = top + (o.water ?? 0.16) * h;
  let s = rect(x, top, w, h, K.glass) + rect(x, wl, w, -wl, K.water) + rect(x, wl, w, 10, K.waterTop);
  if (o.gravel) s += dots(heapPts(o.rand, 0, -14, w / 2 - 14, 12, Math.round(w / 22), 14), '#c9b79a');
  if (o.weed) s += path(leafD(x + 40, -18, -8, h * 0.55, 16) + leafD(x + 55, -18, 12, h * 0.45, 14) + leafD(-x - 50, -18, 6, h * 0.5, 15), K.leafDark);
  for (const [fx, fy, fs, c] of o.fish ?? []) s += at(fx, fy, fs, fs < 0 ? flip(fish(c)) : fish(c));
  s += path(`M${f(x + 18)} ${f(top + 30)}l40-0 -60 90h-40z`, '#fff', alpha(0.35));
  return s + line(`M${f(x)} ${f(top)}V0H${f(-x)}V${f(top)}`, K.dark, 12) + rect(x - 8, top - 10, w + 16, 16, K.dark, 6);
}
/** An opaque box seen from three-quarters: front face, top and right side. */
export function box(w: N, h: N, d: N, front: string, top: string, side: string) {
  const x = -w / 2;
  return rect(x, -h, w, h, front) + path(`M${f(x)} ${f(-h)}l${f(d)} ${f(-d * 0.6)}h${f(w)}l${f(-d)} ${f(d * 0.6)}z`, top) + path(`M${f(-x)} ${f(-h)}l${f(d)} ${f(-d * 0.6)}v${f(h)}l${f(-d)} ${f(d * 0.6)}z`, side);
}
/** An upright cylinder: body colour, top colour. */
export const cylinder = (w: N, h: N, body: string, topc: string, ry = w * 0.18) => ellipse(0, 0, w / 2, ry, body) + rect(-w / 2, -h, w, h, body) + ellipse(0, -h, w / 2, ry, topc);
export const bottle = (w: N, h: N, body: string, cap: string, label: string, mark = '') =>
  path(`M${f(-w / 2)} 0V${f(-h * 0.7)}Q${f(-w / 2)} ${f(-h * 0.82)} ${f(-w / 4)} ${f(-h * 0.86)}V${f(-h * 0.92)}H${f(w / 4)}V${f(-h * 0.86)}Q${f(w / 2)} ${f(-h * 0.82)} ${f(w / 2)} ${f(-h * 0.7)}V0z`, body) +
  rect(-w / 4 - 6, -h, w / 2 + 12, h * 0.1, cap, 6) + rect(-w / 2, -h * 0.6, w, h * 0.38, label) + mark + rect(-w / 2 + 10, -h * 0.75, 12, h * 0.65, '#fff', 6, alpha(0.3));
export const jerrycan = (w: N, h: N, body: string, label: string, cap: string, more = '') =>
  path(`M${f(-w / 2)} 0V${f(-h + 40)}q0-40 40-40H${f(w / 2 - 60)}l60 50V0z`, body, more) + rect(-w / 2 + 30, -h + 18, 70, 26, '#fff', 13, alpha(0.55)) + rect(w / 2 - 90, -h - 22, 44, 30, cap, 6) + rect(-w / 2 + 25, -h * 0.62, w - 50, h * 0.42, label, 8);
/** A stand-up pouch with a window label, `emblem` drawn around the label's centre (0,-h/2). */
export const bag = (w: N, h: N, body: string, band: string, emblem = '') =>
  path(`M${f(-w / 2)} 0L${f(-w / 2 + 14)} ${f(-h)}H${f(w / 2 - 14)}L${f(w / 2)} 0z`, body) + rect(-w / 2 + 14, -h, w - 28, 34, band) + path(`M${f(-w / 2 + 14)} ${f(-h)}h${f(w - 28)}`, '', ` stroke="${band}" stroke-width="6" stroke-dasharray="10 8"`) +
  rect(-w * 0.34, -h * 0.72, w * 0.68, h * 0.5, '#fff', 18) + at(0, -h * 0.47, 1, emblem);
/** A round tub with a lid (or open with contents), e.g. feed or powder. */
export const tub = (w: N, h: N, body: string, lid: string, label: string, emblem = '') => cylinder(w, h, body, lid, 26) + rect(-w / 2, -h * 0.7, w, h * 0.5, label) + at(0, -h * 0.45, 1, emblem);
/** A seed packet with a zigzag top and the plant in its window. */
export const packet = (w: N, h: N, color: string, p: PlantName) =>
  path(`M${f(-w / 2)} 0V${f(-h)}` + Array.from({ length: 8 }, (_, i) => `l${f(w / 16)} -12l${f(w / 16)} 12`).join('') + 'V0z', color) +
  rect(-w / 2 + 22, -h + 40, w - 44, h * 0.62, '#fff', 14) + at(0, -h * 0.28, h / 420, plant(p)) + rect(-w / 2 + 22, -h * 0.2, w - 44, 14, '#fff', 7, alpha(0.6));
export const scattered = (rand: Rand, cx: N, cy: N, w: N, n: number, r: N, c: string) => dots(heapPts(rand, cx, cy, w, 16, n, r), c);
export const pellets = (rand: Rand, cx: N, cy: N, w: N, h: N, n: number, r: N, c1: string, c2: string) => {
  const pts = heapPts(rand, cx, cy, w, h, n, r);
  return dots(pts.filter((_, i) => i % 2 === 0), c1) + dots(pts.filter((_, i) => i % 2 === 1), c2);
};
export const pipe = (d: string, c = K.grey, w = 28) => line(d, c, w);
export const cable = (d: string) => line(d, K.ink, 7);

// ---------------------------------------------------------------------------------------------
// Machines.
export const subPump = (body: string, cage: string) =>
  rect(-100, -180, 200, 150, body, 34) + rect(-112, -52, 224, 52, cage, 14) + line('M-90-36v20M-62-36v20M-34-36v20M-6-36v20M22-36v20M50-36v20M78-36v20', body, 8) + rect(30, -212, 44, 40, cage, 6) + rect(-78, -160, 22, 90, '#fff', 11, alpha(0.25));
export const airPump = (w: N, h: N, body: string, dark: string) =>
  rect(-w / 2, -h, w, h - 10, body, 40) + rect(-w / 2 + 20, -14, 40, 14, dark, 4) + rect(w / 2 - 60, -14, 40, 14, dark, 4) + line(`M${f(-w / 2 + 50)} ${f(-h + 40)}h${f(w - 100)}M${f(-w / 2 + 50)} ${f(-h + 64)}h${f(w - 100)}`, dark, 8) + circle(-w / 2 + 50, -h / 2 + 10, 14, K.leafLight);
export const airStone = (w: N, h: N) => rect(-w / 2, -h, w, h, '#eef0f2', w / 2.5) + rect(-12, -h - 26, 24, 30, K.grey, 5) + dots([[-w / 5, -h * 0.3, 5], [w / 5, -h * 0.55, 5], [0, -h * 0.75, 4], [-w / 6, -h * 0.8, 4]], '#c8ccd0');
export const solarPanel = () => path('M-150 0l40-170h260l-40 170z', '#2b4a8a') + line('M-110-57h260M-97-113h260M-63 0l27-170M-13 0l27-170M37 0l27-170', '#8fb0e8', 5) + line('M-110 0l-20 90M80 0l20 90', K.grey, 12);
export const tubing = (d: string) => line(d, '#8fa5b4', 16) + line(d, '#e3ecf1', 6);
