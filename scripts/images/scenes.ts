/**
 * The scenes of the product illustrations (scripts/generate-images.ts): one composition of the
 * drawing kit's parts per product handle (SCENES), a scene for a new product from its English
 * product type (BY_TYPE), and a category default, so each product type is recognisable and
 * products within a category differ where their nature does.
 */
import type { Product } from '../../src/catalog/schema';
import { K, PLANTS, airPump, airStone, alpha, at, bag, basil, betta, bottle, box, bubbles, cable, chard, circle, column, cylinder, dotD, dots, ellipse, f, fish, flip, glassTank, heapPts, herb, jerrycan, kale, leafD, lettuce, line, outline, packet, path, pellets, person, pipe, plant, rect, scattered, seedling, shadow, solarPanel, spinach, strawberryPlant, subPump, tomatoPlant, tub, tubing, type N, type Palette, type PlantName, type Rand } from './drawing';

// ---------------------------------------------------------------------------------------------
// Scenes: each draws the whole picture inside the category's background.
/** `use(key, draw)` returns a placer that draws `draw()` once in <defs> and then places copies of it. */
export type Ctx = { rand: Rand; pal: Palette; use: (key: string, draw: () => string) => (x: N, y: N, s?: N, fill?: string) => string };
export type Scene = (c: Ctx) => string;

export const waterTankBack = (x: N, y: N, w: N, h: N) => rect(x, y, w, h, K.water) + rect(x, y, w, 12, K.waterTop) + line(`M${f(x)} ${f(y - 60)}V${f(y + h)}H${f(x + w)}V${f(y - 60)}`, K.dark2, 12);

export const pumpInWater = (size: N): Scene => ({ rand, pal }) =>
  waterTankBack(140, 300, 520, 340) + at(360, 620, size, subPump(pal.dark, K.ink)) + pipe(`M${f(360 + 52 * size)} ${f(620 - 210 * size)}V180q0-40 40-40h140`, K.dark2, 34) +
  cable(`M${f(360 - 100 * size)} ${f(620 - 60 * size)}q-60 0-70-80t-30-300`) + bubbles(column(600, 560, 330, 6, 9, rand));

export const SCENES_PUMPS: Record<string, Scene> = {
  'pompe-immergee-eco-aquaponie': pumpInWater(1.25),
  'kit-pompe-solaire-12v': ({ rand, pal }) =>
    circle(640, 170, 60, K.yellow) + at(260, 420, 1, solarPanel()) + waterTankBack(420, 470, 260, 170) + at(540, 630, 0.6, subPump(pal.main, K.ink)) +
    pipe('M572 504V420q0-20 20-20h70', K.dark2, 22) + cable('M240 420q40 120 150 160t90 30') + bubbles(column(650, 600, 490, 4, 8, rand)),
  'pompe-dc-24v-controleur': ({ pal }) =>
    shadow(400, 640, 290) + at(230, 640, 0.8, subPump(pal.main, K.ink)) + pipe('M272 472V380', K.dark2, 26) +
    rect(420, 430, 190, 210, K.dark, 22) + circle(515, 520, 60, K.light) + circle(515, 520, 44, K.white) + line('M515 520l28-30', K.red, 10) + circle(470, 604, 9, K.leafLight) + circle(560, 604, 9, K.yellow) +
    rect(610, 560, 90, 60, K.ink, 10) + cable('M150 600q-20 60 60 60t210-30M610 600q-10-10 0-20') + cable('M700 590q40 0 40 50'),
  'pompe-en-ligne-4000': ({ pal }) =>
    shadow(420, 640, 280) + rect(190, 600, 460, 36, K.dark, 8) + rect(330, 420, 290, 180, K.steel, 36) + line('M380 440v140M420 440v140M460 440v140M500 440v140M540 440v140M580 440v140', K.grey, 10) +
    circle(290, 500, 100, pal.main) + circle(290, 500, 40, pal.dark) + pipe('M80 500H200', K.dark2, 46) + pipe('M290 400V220', K.dark2, 46) + rect(250, 210, 80, 26, K.ink, 6) + rect(60, 460, 26, 80, K.ink, 6),
  'kit-siphon-cloche': ({ pal }) =>
    shadow(400, 650, 270) + [[180, 300, 70, 350], [310, 240, 160, 410], [520, 330, 140, 320]].map(([x, y, w, h]) => rect(x, y, w, h, K.white, 10, ` stroke="${K.grey}" stroke-width="8"`) + rect(x + 8, y + 8, w / 4, h - 16, K.shade)).join('') +
    rect(295, 215, 190, 44, K.light, 12, ` stroke="${K.grey}" stroke-width="8"`) + path('M335 655v-50h34v50zM415 655v-50h34v50z', pal.disc) + rect(180, 280, 70, 30, K.light, 8, ` stroke="${K.grey}" stroke-width="8"`) +
    line('M565 380v60M595 380v60M625 380v60M565 480v60M595 480v60M625 480v60M565 580v30M595 580v30M625 580v30', K.dark2, 10) + rect(505, 310, 170, 36, K.light, 12, ` stroke="${K.grey}" stroke-width="8"`),
  'minuterie-pompe-numerique': ({ pal }) =>
    rect(130, 200, 300, 300, K.light, 30, outline()) + circle(280, 350, 100, K.white, outline()) + circle(245, 350, 14, K.ink) + circle(315, 350, 14, K.ink) +
    rect(330, 290, 330, 300, K.white, 30, outline()) + rect(370, 330, 250, 110, '#1f3b3a', 12) + line('M400 385h40M460 360v50M490 385h40M550 360v50M580 385h20', '#7ef0c0', 10) +
    circle(420, 500, 26, pal.main) + circle(500, 500, 26, pal.main) + circle(580, 500, 26, K.red) + line('M480 590v60q0 40 60 40h140', K.ink, 12),
  'robinet-flotteur-appoint': ({ pal }) =>
    rect(120, 200, 40, 450, K.dark2) + rect(160, 380, 560, 270, K.water) + rect(160, 380, 560, 12, K.waterTop) +
    rect(70, 300, 150, 70, K.brass, 18) + rect(40, 312, 40, 46, '#a8842c', 8) + rect(190, 330, 60, 90, K.brass, 10) + line('M235 330L560 330', K.steel, 16) + circle(600, 376, 70, K.white) + path('M530 376a70 70 0 0 0 140 0z', K.shade) +
    bubbles([[215, 440, 8], [225, 470, 6], [205, 500, 7]]) + line('M40 335h-30', pal.dark, 30),
};

export const airInJar: Scene = ({ rand, pal }) =>
  shadow(400, 650, 300) + at(260, 650, 1, airPump(280, 160, '#9aa6b2', K.dark2)) + rect(480, 330, 200, 320, K.glass) + rect(480, 400, 200, 250, K.water) + rect(480, 400, 200, 10, K.waterTop) + line('M480 330V650H680V330', K.dark, 10) +
  tubing('M400 560q0-160 120-200t60 100V600') + at(580, 636, 1, airStone(70, 40)) + bubbles(column(580, 560, 410, 8, 10, rand)) + line('M400 560h-20', pal.dark, 16);

export const SCENES_AIR: Record<string, Scene> = {
  'pompe-a-air-silencieuse': airInJar,
  'pompe-a-air-haut-debit': ({ pal }) =>
    shadow(400, 650, 300) + rect(170, 380, 460, 260, '#c5ccd3', 40) + rect(170, 380, 460, 80, '#dce1e6', 40) + line('M230 500h340M230 540h340M230 580h340', K.grey, 10) + circle(600, 600, 12, K.leafLight) +
    rect(190, 320, 420, 40, K.dark, 12) + line('M300 360v20M500 360v20', K.dark, 16) +
    [220, 270, 320, 480, 530, 580].map((x, i) => line(`M${x} 320v-40`, K.dark2, 14) + tubing(`M${x} 280q${(i - 2.5) * 10} -90 ${(i - 2.5) * 60} -150`)).join('') + line('M630 560h40', pal.dark, 16),
  'pierre-a-air-corindon': ({ rand }) =>
    rect(130, 150, 540, 500, K.water) + rect(130, 150, 540, 12, K.waterTop) + at(250, 640, 1, airStone(90, 200)) + at(400, 640, 1, airStone(80, 140)) + at(530, 640, 1, airStone(70, 90)) +
    bubbles([...column(250, 400, 140, 6, 12, rand), ...column(400, 460, 220, 5, 11, rand), ...column(530, 510, 300, 4, 10, rand)]),
  'disque-diffuseur-microbulles': ({ rand }) =>
    rect(130, 150, 540, 500, K.water) + rect(130, 150, 540, 12, K.waterTop) + ellipse(400, 590, 200, 50, K.ink) + rect(200, 560, 400, 30, K.ink) + ellipse(400, 560, 190, 44, '#f2f3f4') + tubing('M600 575q60 0 60-80V120') +
    bubbles(Array.from({ length: 70 }, () => [230 + rand() * 340, 190 + rand() * 340, 3 + rand() * 5] as [N, N, N])),
  'tuyau-air-silicone': () =>
    shadow(400, 630, 280) + [0, 1, 2, 3].map((i) => ellipse(400, 520 - i * 22, 230 - i * 8, 110 - i * 4, 'none', ` stroke="${K.ink}" stroke-width="24"`)).join('') +
    line('M630 460q60 50 40 160', K.ink, 24) + line('M180 460q-40-140 80-220', K.ink, 24) + line('M250 246l30-20', K.dark2, 24),
  'clapet-anti-retour-air': ({ pal }) =>
    [[400, 260], [400, 430], [400, 600]].map(([x, y], i) =>
      tubing(`M${x - 260} ${y + 20 - i * 10}q80 0 140-20`) + tubing(`M${x + 120} ${y}q80-20 140 0`) + rect(x - 150, y - 16, 60, 32, K.light, 8) + rect(x + 90, y - 16, 60, 32, K.light, 8) +
      rect(x - 100, y - 50, 200, 100, '#eaf6fb', 40, ` stroke="${K.grey}" stroke-width="8"`) + rect(x - 14, y - 44, 28, 88, pal.main, 6) + path(`M${x - 60} ${y + 8}h70v16l40-24-40-24v16h-70z`, K.red)).join(''),
  'pompe-a-air-secours-batterie': ({ pal }) =>
    shadow(380, 650, 280) + at(360, 650, 1, airPump(360, 260, K.white, K.dark2)) + rect(250, 470, 150, 70, K.ink, 12) + rect(400, 490, 14, 30, K.ink, 4) + rect(262, 482, 36, 46, K.leafLight, 4) + rect(306, 482, 36, 46, K.leafLight, 4) + rect(350, 482, 36, 46, K.leafLight, 4) +
    path('M470 440l-30 60h26l-14 50 44-70h-28l16-40z', K.yellow) + line('M540 450h60M540 520h60', K.grey, 18) + tubing('M600 450q80 0 80-120') + tubing('M600 520q110 0 100-220') + cable('M180 600q-80 0-80-100') + rect(80, 470, 40, 40, pal.dark, 6),
};

export const SCENES_AQUARIUMS: Record<string, Scene> = {
  'aquarium-verre-100-litres': ({ rand, use }) =>
    shadow(400, 660, 320) + rect(110, 640, 580, 30, K.brownDark, 6) + at(400, 640, 1, glassTank(520, 300, { rand, gravel: true, weed: true, fish: [[330, -170, 1, K.orange], [480, -110, -0.8, K.orange], [260, -90, -0.6, '#f7b84b']].map(([x, y, s, c]) => [(x as N) - 400, y, s, c] as [N, N, N, string]) })) +
    rect(200, 300, 400, 40, K.kraft, 8) + [260, 353, 447, 540].map((x, i) => use('b', basil)(x, 300, i % 2 ? 0.6 : 0.52)).join(''),
  'cuve-polyethylene-alimentaire': () =>
    shadow(420, 650, 300) + at(380, 640, 1, box(440, 300, 120, K.dark, K.dark2, '#2a353f')) + path('M160 340l120-72h440l-120 72z', K.ink) + line('M350 305h180', K.grey, 14) + rect(360, 600, 60, 30, K.grey, 6) + rect(420, 596, 24, 60, K.red, 6),
  'cuve-ibc-1000-litres-reconditionnee': () =>
    shadow(400, 680, 300) + rect(150, 630, 440, 40, K.dark, 4) + path('M590 630l90-54v40l-90 54z', K.dark2) +
    at(370, 630, 1, box(440, 400, 150, '#eef2f4', '#f7f9fa', '#d7dde2')) + rect(150, 380, 440, 250, '#dbeef8') +
    line('M150 230H590V630M150 230V630M150 330H590M150 430H590M150 530H590M260 230V630M370 230V630M480 230V630M590 230l90-54V576M680 276L590 330M680 376L590 430M680 476L590 530', K.steel, 10) + ellipse(440, 200, 50, 16, K.ink) + rect(340, 600, 60, 40, K.ink, 6),
  'bassin-rond-aquaponie': () =>
    shadow(400, 650, 300) + at(400, 630, 1, cylinder(560, 220, '#7fb8dc', '#a8d3ee', 120)) + ellipse(400, 410, 250, 100, K.waterDeep) + circle(400, 420, 14, K.ink) +
    at(320, 390, 0.7, fish('#8a9aa5', '#6f7e89')) + at(480, 430, -0.7, fish('#8a9aa5', '#6f7e89')) + at(420, 360, -0.55, fish('#9aa9b3', '#6f7e89')) + bubbles([[520, 380, 6], [300, 440, 5]]) + ellipse(400, 410, 280, 120, 'none', ` stroke="#5d9ccc" stroke-width="14"`),
  'bac-de-puisard': ({ pal }) =>
    shadow(420, 650, 320) + at(400, 640, 1, box(500, 220, 140, K.dark, K.ink, '#2a353f')) + path('M170 414l120-80h470l-120 80z', K.waterDeep) + at(420, 380, 0.45, subPump(pal.main, K.ink)) + path('M170 414l120-80h470l-120 80z', K.water, alpha(0.45)) +
    pipe('M444 284V170q0-30 30-30h150', K.grey, 26) + circle(250, 520, 22, K.grey) + circle(560, 520, 22, K.grey) + pipe('M250 520H120', K.grey, 24),
  'bac-de-quarantaine': ({ rand }) =>
    shadow(380, 650, 260) + at(360, 640, 1, glassTank(380, 300, { rand, fish: [[-10, -140, 0.9, '#f28a6c']] })) + line('M230 340l40 240', '#6d7a86', 22) + rect(220, 320, 30, 40, K.ink, 6) +
    rect(440, 520, 60, 110, K.ink, 14) + line('M470 520V380', K.grey, 10) + line('M590 260l40 290', K.brown, 12) + path('M585 540q55-25 100 5l-25 95q-50 5-75-35z', '#3d6b5a', alpha(0.5)) + path('M585 540q55-25 100 5', 'none', ' stroke="#3d6b5a" stroke-width="8"'),
  'nano-aquarium-aquaponique': ({ rand }) =>
    shadow(400, 660, 260) + rect(140, 640, 520, 30, K.brown, 6) + at(400, 640, 1, glassTank(300, 260, { rand, gravel: true, water: 0.22 })) + at(400, 500, 1.2, betta()) +
    rect(240, 340, 320, 40, K.white, 10) + at(290, 340, 1, seedling()) + at(340, 340, 1.2, seedling()) + at(400, 340, 1, seedling()) + at(460, 340, 1.2, seedling()) + at(510, 340, 1, seedling()),
};

export const SCENES_FILTRATION: Record<string, Scene> = {
  'decanteur-flux-radial': ({ pal }) =>
    shadow(400, 660, 220) + line('M300 500l-40 150M500 500l40 150M400 560v90', K.grey, 14) + path('M240 480L400 600 560 480z', K.dark) + at(400, 480, 1, cylinder(320, 260, K.dark2, K.waterDeep, 50)) + ellipse(400, 220, 160, 50, 'none', ` stroke="${K.dark}" stroke-width="12"`) +
    pipe('M120 160H400V420', K.grey, 28) + pipe('M560 300H700', K.grey, 28) + pipe('M400 600v40', K.grey, 22) + rect(400, 620, 60, 16, K.red, 6) + circle(400, 420, 12, pal.main),
  'filtre-tourbillon': () =>
    shadow(400, 660, 220) + at(400, 620, 1, cylinder(320, 380, '#3e9b5a', '#2f7d47', 50)) + rect(230, 200, 340, 36, '#2a6a3c', 14) + pipe('M100 330H240', K.grey, 36) +
    line('M300 360q100 60 190 0M300 440q100 60 190 0M300 520q100 60 190 0', '#fff', 10, ' stroke-opacity=".5"') + pipe('M400 640v30', K.grey, 26) + rect(420, 650, 70, 16, K.red, 6) + pipe('M560 300H700', K.grey, 30),
  'media-filtrant-k1': ({ rand }) =>
    `<defs><g id="k"><circle r="26" fill="#fff" stroke="#8d99a6" stroke-width="6"/><path d="M-26 0h52M0-26v52" stroke="#8d99a6" stroke-width="6"/></g></defs>` + shadow(400, 650, 280) +
    at(400, 600, 1, bag(300, 380, '#4a9bb0', '#2f7586', `<use href="#k"/>`)) + heapPts(rand, 400, 630, 250, 110, 26, 1).map(([x, y]) => `<use href="#k" x="${f(x)}" y="${f(y)}"/>`).join(''),
  'clarificateur-uv': ({ pal }) =>
    shadow(400, 560, 300) + rect(170, 400, 460, 110, K.steel, 50) + rect(170, 400, 460, 34, '#d3dae0', 30) + rect(150, 410, 40, 90, K.dark2, 10) + rect(610, 410, 40, 90, K.dark2, 10) +
    pipe('M80 455H150', K.dark, 40) + pipe('M650 455h70', K.dark, 40) + rect(340, 430, 120, 50, '#b58cf0', 25) + path('M400 380v-60M350 390l-30-50M450 390l30-50', '', ` stroke="${K.purple}" stroke-width="10"`) + cable('M520 510q0 80 80 100t100 10') + rect(60, 430, 30, 50, pal.dark, 6),
  'mousses-filtrantes': ({ rand }) =>
    shadow(420, 530, 300) +
    [['#3c78d8', '#2a5aa8', 520, 20], [K.dark2, K.ink, 430, 13], [K.white, K.shade, 340, 7]].map(([c, d, y, r], i) =>
      at(390 - i * 6, y as N, 1, box(460, 80, 90, c as string, d as string, d as string)) + dots(Array.from({ length: 16 }, () => [190 + rand() * 380, (y as N) - 60 + rand() * 46, (r as N) * (0.3 + rand() * 0.4)] as [N, N, N]), d as string)).join(''),
  'filtre-tambour-professionnel': () =>
    shadow(400, 660, 320) + path('M180 330L260 150h340l-80 180z', '#cfd6dc') + at(370, 640, 1, box(380, 310, 140, '#c3ccd4', K.ink, '#a9b3bc')) + path('M190 330l80-48h380l-80 48z', '#3b4a58') +
    ellipse(330, 310, 40, 40, '#98a3ad') + rect(330, 270, 220, 80, '#e3e8ec') + line('M360 280v60M390 280v60M420 280v60M450 280v60M480 280v60M510 280v60', K.grey, 6) + ellipse(550, 310, 40, 40, '#dfe5ea') +
    pipe('M80 480H180', K.dark2, 46) + pipe('M560 560h160', K.dark2, 46),
  'bacteries-nitrifiantes': () =>
    shadow(400, 650, 220) + at(330, 640, 1, bottle(200, 380, K.white, '#2a7d80', '#3ea84a', path('M-50-170q50-50 100 0q-50 50-100 0z', '#fff', alpha(0.8)))) + path('M470 550h110l-12 90h-86z', '#2a7d80') + line('M490 575h24M493 600h24M496 620h24', '#fff', 5) +
    circle(560, 320, 110, '#e8f6f4') + circle(560, 320, 110, 'none', ` stroke="${K.grey}" stroke-width="12"`) + line('M520 290l30 10M580 270l20 30M570 350l40 10M510 350l20-20', '#3ea84a', 22) + line('M640 400l60 60', K.grey, 24),
};

export const SCENES_SUPPORTS: Record<string, Scene> = {
  'bac-de-culture': ({ rand }) =>
    shadow(400, 650, 320) + path('M120 420h560l-40 220H160z', K.ink) + path('M120 420l60-60h440l60 60z', K.dark2) + pellets(rand, 400, 420, 270, 50, 38, 15, K.clay, K.clayLight) +
    rect(380, 300, 40, 120, K.white, 6) + rect(370, 290, 60, 20, K.light, 6) + at(220, 400, 1, lettuce()) + at(560, 400, 1, lettuce(K.leafDark, K.leaf)) + at(300, 380, 0.8, basil()) + at(490, 380, 0.6, basil()),
  'pots-en-filet': () => {
    const pot = rect(-70, -14, 140, 20, K.dark, 8) + path('M-60 0l15 120h90l15-120z', K.ink) + line('M-35 20l8 80M0 20v80M35 20l-8 80', K.dark2, 10);
    return shadow(400, 650, 300) + at(260, 470, 1, pot) + at(260, 420, 1, pot) + at(260, 370, 1, pot) + at(260, 320, 1, pot) + line('M500 620q-20 40 10 30M530 620q10 30 30 25M550 620q-10 40 20 40', '#e6dcc0', 6) + at(540, 500, 1, pot) + at(540, 490, 1.1, lettuce());
  },
  'gouttieres-nft': () =>
    shadow(400, 640, 320) + path('M90 560l620-190v60L90 620z', K.white, outline()) + path('M90 560l620-190-40-20L60 540z', K.shade, outline()) +
    [0, 1, 2, 3, 4].map((i) => ellipse(160 + i * 120, 544 - i * 37, 34, 12, K.ink) + at(160 + i * 120, 540 - i * 37, 0.7, basil())).join('') + bubbles([[90, 630, 10], [90, 660, 8]]),
  'tour-culture-verticale': () => {
    const seg = rect(-70, -100, 140, 100, K.white, 10, outline()) + path('M-70-30q-50 0-50-50h50zM70-30q50 0 50-50H70z', K.shade, outline());
    return shadow(400, 660, 160) + rect(300, 640, 200, 20, K.light, 8) + [0, 1, 2, 3, 4].map((i) => at(400, 640 - i * 96, 1, seg)).join('') +
      [0, 1, 2, 3, 4].map((i) => at(i % 2 ? 300 : 500, 560 - i * 96, 0.7, i % 2 ? strawberryPlant() : herb())).join('');
  },
  'radeaux-flottants-dwc': () =>
    shadow(400, 660, 320) + rect(100, 470, 600, 180, K.ink, 10) + rect(116, 486, 568, 150, K.water) + line('M200 520q-10 60 10 100M330 520q10 60-10 100M460 520q-10 60 10 100M590 520q10 60-10 100', '#f0e6cc', 6) +
    path('M100 470l80-60h440l80 60z', K.white) + path('M100 470h600v20H100z', K.shade) + [200, 330, 460, 590].map((x) => ellipse(x, 445, 30, 10, K.dark) + at(x, 440, 0.9, lettuce())).join(''),
  'support-bac-culture': ({ rand }) =>
    shadow(400, 660, 320) + line('M150 320V650M650 320V650M190 300V620M610 300V620M150 470H650', K.steel, 16) + path('M130 320h540l-20 60H150z', K.ink) + pellets(rand, 400, 320, 250, 24, 30, 10, K.clay, K.clayLight) +
    at(260, 310, 0.8, lettuce()) + at(400, 310, 0.9, lettuce()) + at(540, 310, 0.8, lettuce()) + rect(220, 500, 360, 140, K.water) + rect(220, 500, 360, 10, K.waterTop) + at(360, 580, 0.6, fish(K.orange)) + at(480, 560, -0.5, fish(K.orange)),
  'rampe-led-culture': () =>
    line('M240 100v140M560 100v140', K.grey, 6) + path('M200 270h400l120 300H80z', '#f7a8e0', alpha(0.35)) + rect(180, 230, 440, 44, K.dark, 14) + dots([220, 270, 320, 370, 420, 470, 520, 570].map((x) => [x, 264, 8] as [N, N, N]), '#ffe9fb') +
    rect(120, 580, 560, 60, K.brown, 8) + [170, 250, 330, 410, 490, 570, 640].map((x) => at(x, 580, 1.2, seedling())).join('') + shadow(400, 660, 300, 14),
};

/** Clay pebbles, perlite, lava rock, vermiculite: an open bag and a heap of its grains in front. */
export const grainScene = (bagc: string, band: string, grain: (rand: Rand, x: N, y: N, r: N) => Bits, c1: string): Scene => ({ rand }) =>
  shadow(400, 660, 320) + at(400, 560, 1, bag(320, 380, bagc, band, grains(grain(rand, 0, 30, 1.8)))) + path('M252 180q148-40 296 0l-10 40H262z', c1) + grains(heapPts(rand, 400, 650, 290, 130, 34, 1.2).flatMap(([x, y, r]) => grain(rand, x, y, r)));
/** Grains as [attributes, path data] pairs, merged by `grains` into one <path> per colour to keep files small. */
export type Bits = Array<[string, string]>;
export const grains = (bits: Bits) => {
  const byLook = new Map<string, string>();
  for (const [look, d] of bits) byLook.set(look, (byLook.get(look) ?? '') + d);
  return [...byLook].map(([look, d]) => `<path d="${d}" ${look}/>`).join('');
};
export const fill = (c: string, more = '') => `fill="${c}"${more}`;
export const poly = (x: N, y: N, s: N, pts: N[]) => `M${f(x + pts[0] * s)} ${f(y + pts[1] * s)}` + pts.slice(2).map((v, i) => (i % 2 ? ' ' : 'L') + f((i % 2 ? y : x) + v * s)).join('') + 'z';
export const pebble = (rand: Rand, x: N, y: N, s: N): Bits => [[fill(rand() > 0.5 ? K.clay : K.clayLight), dotD(x, y, (16 + rand() * 8) * s)], [fill('#f5c49c'), dotD(x - 5 * s, y - 6 * s, 4 * s)]];
export const perliteGrain = (rand: Rand, x: N, y: N, s: N): Bits => [[fill(rand() > 0.4 ? '#fdfdfb' : '#ecebe4', ' stroke="#aaa69a" stroke-width="3"'), poly(x, y, s, [-14, 0, -6, -12, 8, -10, 14, 2, 4, 12])]];
export const lavaGrain = (rand: Rand, x: N, y: N, s: N): Bits => [[fill(rand() > 0.5 ? '#a3402c' : '#7f2f22'), poly(x, y, s, [-20, 0, -10, -16, 12, -14, 20, 2, 6, 14])], [fill('#4d1c14'), dotD(x, y - 3 * s, 3 * s)]];
export const flake = (rand: Rand, x: N, y: N, s: N): Bits => [[fill(rand() > 0.5 ? '#d9a94a' : '#b8862e'), leafD(x - 14 * s, y, 70 + rand() * 40, 30 * s, 10 * s)]];

export const SCENES_SUBSTRATES: Record<string, Scene> = {
  'billes-argile-expansee': grainScene('#7a4a2a', '#5a3520', pebble, K.clay),
  'perlite-horticole': grainScene('#4b8b9c', '#356b79', (r, x, y, s) => perliteGrain(r, x, y, s * 1.5), '#f2f2ec'),
  'pouzzolane-roche-volcanique': ({ rand }) =>
    shadow(400, 660, 320) + path('M240 560l-20-360q90-30 180-10t180 10l-20 360z', '#cdb98d') + line('M250 260h300M250 320h300M250 380h300M250 440h300M250 500h300', '#b29d6f', 6) + path('M224 220q80-40 176-20t176 20l-10 30H232z', '#8c3626') +
    grains(heapPts(rand, 400, 650, 300, 150, 40, 1).flatMap(([x, y]) => lavaGrain(rand, x, y, 1.3))),
  'vermiculite-expansee': ({ rand }) =>
    shadow(400, 660, 320) + at(520, 560, 1, bag(260, 380, '#6d8f3a', '#4f6b25', grains(flake(rand, 0, 0, 2)))) + path('M120 560h420q-20 90-210 90t-210-90z', K.white) + ellipse(330, 560, 210, 40, K.shade) +
    grains(heapPts(rand, 330, 560, 190, 60, 40, 1).flatMap(([x, y]) => flake(rand, x, y, 1.1))),
  'laine-de-roche-cubes-pains': () => {
    const cube = box(110, 100, 40, '#d9d3ae', '#ebe6c8', '#bfb88f') + ellipse(20, -112, 14, 6, '#8e8867');
    return shadow(400, 660, 330) + at(230, 470, 1, box(260, 30, 100, '#d9d3ae', '#ebe6c8', '#bfb88f')) + line('M160 410l60-36M230 410l60-36M300 410l60-36M150 425h260', '#a8a27c', 5) +
      at(520, 440, 1, box(240, 90, 60, K.white, '#f4f6f8', K.shade)) + rect(320, 370, 160, 70, '#d9d3ae', 4, alpha(0.5)) + at(220, 640, 1, cube) + at(360, 640, 1, cube) + at(500, 640, 1, cube);
  },
  'fibre-coco-compressee': ({ rand }) =>
    shadow(400, 660, 330) + at(240, 640, 1, box(240, 130, 80, K.brown, '#a06d3b', K.brownDark)) + line('M140 540h200M140 570h200M140 600h200', K.brownDark, 5) +
    path('M450 400h230l-30 250H480z', K.dark2) + path('M450 400q10-50 50-40q20-40 60-20q40-30 70 10q40-5 40 50z', '#a5723f') + rect(440, 390, 250, 26, K.ink, 8) + line(Array.from({ length: 9 }, () => `M${f(470 + rand() * 190)} ${f(360 + rand() * 30)}q${f(rand() * 30 - 15)} -10 ${f(rand() * 40 - 20)} -20`).join(''), '#7a5230', 4),
  'bouchons-semis-coco': ({ use }) => {
    const plug = use('c', () => rect(-30, 0, 60, 40, K.brownDark) + ellipse(0, 0, 30, 12, '#a06d3b')), sprout = use('s', seedling);
    return shadow(400, 660, 330) + path('M100 520h600l-30 130H130z', K.ink) + [0, 1, 2].flatMap((r) => [0, 1, 2, 3, 4, 5].map((c) => plug(180 + c * 88 - r * 20, 480 + r * 50) + (c % 2 === r % 2 ? sprout(180 + c * 88 - r * 20, 480 + r * 50) : ''))).join('') +
      path('M100 520q0-280 300-280t300 280z', '#fff', alpha(0.35)) + path('M100 520q0-280 300-280t300 280', 'none', ` stroke="#fff" stroke-width="8"`) + rect(370, 230, 60, 20, K.light, 8);
  },
};

export const powderTub = (body: string, powder: string, scoopc: string): Scene => ({ rand }) =>
  shadow(400, 660, 300) + at(360, 650, 1, cylinder(320, 260, body, '#f4f4f0', 60)) + ellipse(360, 390, 140, 48, powder) + dots(heapPts(rand, 360, 400, 120, 40, 20, 10), powder) +
  rect(200, 470, 320, 120, '#fff', 0, alpha(0.7)) + path('M520 560q40-50 100-40q30 40-20 70q-50 20-80-30z', scoopc) + line('M540 560l-80-120', scoopc, 18) + ellipse(585, 548, 28, 14, powder);

export const SCENES_FERTILISERS: Record<string, Scene> = {
  'fer-chelate-aquaponie': powderTub('#7b4b2a', '#b36a2c', K.grey),
  'bicarbonate-de-potassium': ({ rand }) =>
    shadow(400, 660, 300) + path('M200 360h360l-30 290H230z', '#3d6fb5') + rect(190, 350, 380, 30, '#2f5a95', 10) + line('M200 370q180-260 360 0', K.grey, 10) + dots(heapPts(rand, 380, 370, 160, 50, 40, 16), '#fafafa') +
    rect(240, 460, 280, 110, '#fff', 14) + circle(380, 515, 30, '#3d6fb5') + path('M560 600q30-60 90-50q30 40-10 80q-50 20-80-30z', K.white) + line('M575 600l-60-70', K.light, 16),
  'engrais-liquide-organique': () =>
    shadow(400, 660, 300) + at(360, 650, 1, jerrycan(300, 400, '#6b4a2b', '#4f9a3a', K.ink)) + at(360, 500, 1, path(leafD(0, 40, 20, 90, 30), '#fff', alpha(0.9))) + line('M230 300v260', '#8a6a48', 6) +
    path(leafD(580, 650, 30, 180, 60), '#9a2a4a') + path(leafD(580, 650, 30, 170, 40), '#2f7f3a') + line('M580 650l80-140', '#c73a5a', 8),
  'nutriment-hydroponique-a-b': () =>
    shadow(400, 660, 320) + at(270, 650, 1, jerrycan(230, 360, K.white, '#2f8fd0', K.dark, outline())) + circle(270, 530, 30, '#fff') + at(540, 650, 1, jerrycan(230, 360, K.white, '#e08a2a', K.dark, outline())) + circle(515, 530, 24, '#fff') + circle(565, 530, 24, '#fff'),
  'supplement-calcium-magnesium': () =>
    shadow(400, 660, 280) + at(340, 650, 1, bottle(230, 460, K.white, '#d9d2b0', '#8fb8d8', dots([[-40, -150, 18], [10, -150, 26], [55, -150, 18]], '#fff'))) + path('M490 470h120l-14 170h-92z', '#ffffffcc') + path('M490 470h120l-14 170h-92z', 'none', ` stroke="${K.grey}" stroke-width="6"`) +
    line('M500 520h30M502 560h30M504 600h30', K.grey, 5) + rect(494, 560, 112, 76, '#a9d4ee', 0, alpha(0.6)),
  'correcteur-ph-moins-plus': () =>
    shadow(400, 660, 320) + at(270, 650, 1, bottle(200, 420, K.white, K.red, K.red, path('M-20-200h40v50h25l-45 50-45-50h25z', '#fff'))) +
    at(530, 650, 1, bottle(200, 420, K.white, '#2f6fd0', '#2f6fd0', path('M-20-110h40v-50h25l-45-50-45 50h25z', '#fff'))),
  'kit-test-eau-aquaponie': () =>
    shadow(400, 660, 330) + path('M110 200h580v60H110z', '#3f6db0') + rect(110, 260, 580, 390, '#2f5a95', 16) + rect(130, 280, 540, 350, '#e9eef3', 10) +
    [0, 1, 2, 3].map((i) => at(190 + i * 80, 470, 1, bottle(56, 150, K.white, [K.yellow, '#3ea84a', '#2f6fd0', K.purple][i], '#fff'))).join('') +
    [['#f2d24a', 510], ['#7ac74f', 560], ['#6a8fe0', 610]].map(([c, x]) => rect(x as N - 16, 300, 32, 170, '#fff', 16) + rect(x as N - 16, 380, 32, 90, c as string, 16)).join('') +
    ['#f2e34a', '#c9d94a', '#7ac74f', '#3ea8a0', '#3f6db0', '#7a4fc7'].map((c, i) => rect(170 + i * 82, 520, 70, 70, c, 8)).join(''),
};

export const packetScene = (color: string, p: PlantName, big: PlantName, pos: Array<[N, N, N]> = [[560, 620, 1.5]]): Scene => ({ rand }) =>
  shadow(400, 660, 320) + pos.map(([x, y, s]) => at(x, y, s, plant(big))).join('') + at(330, 650, 1, packet(300, 420, color, p)) + scattered(rand, 470, 660, 120, 12, 6, '#6b4a2b');

export const SCENES_SEEDS: Record<string, Scene> = {
  'semences-melange-laitues-bio': packetScene('#4f9a3a', 'lettuce', 'lettuce', [[560, 610, 1.8], [660, 640, 1.3]]),
  'semences-basilic-genovese-bio': packetScene('#2f7f5a', 'basil', 'basil', [[580, 630, 2.4]]),
  'semences-tomate-cerise-bio': packetScene('#d8493a', 'tomato', 'tomato', [[590, 640, 2.3]]),
  'semences-legumes-feuilles-bio': ({ rand }) =>
    shadow(400, 660, 330) + at(560, 600, 1.8, chard()) + at(650, 620, 1.5, kale()) + at(180, 630, 1.6, spinach()) + at(260, 650, 0.75, packet(220, 330, '#9c3d5a', 'chard')) + at(400, 660, 0.75, packet(220, 330, '#3f6f4c', 'kale')) + at(540, 650, 0.75, packet(220, 330, '#2f7f3a', 'spinach')) + scattered(rand, 400, 670, 180, 10, 5, '#4b3a2a'),
  'plants-fraisiers-remontants-bio': () =>
    shadow(400, 660, 320) + [[250, 0.9], [550, 0.9]].map(([x, s]) => at(x, 650, s, path('M-90-150h180l-25 150h-130z', '#c8693a') + rect(-100, -170, 200, 30, '#a9532b', 8) + at(0, -165, 1.6, strawberryPlant()))).join('') + at(400, 660, 1, path('M-30-20q30-20 60 0q0 50-30 70q-30-20-30-70z', K.red) + path(leafD(0, -18, -60, 26, 10) + leafD(0, -18, 60, 26, 10) + leafD(0, -18, 0, 22, 9), K.leafDark)),
  'assortiment-semences-aromatiques-bio': ({ use }) =>
    shadow(400, 660, 330) + path('M110 300l60-120h460l60 120z', '#c9a56b') + rect(110, 300, 580, 350, '#b88a4c', 10) + rect(130, 320, 540, 310, '#8a6534', 6) +
    ['#4f9a3a', '#2f7f5a', '#7a9a3a', '#3f8a6a', '#6a8a2a', '#2f6f4a', '#8aa84a', '#3e9b5a'].map((c, i) => use('h', () => packet(330, 420, 'inherit', 'herb'))(198 + (i % 4) * 134, 460 + Math.floor(i / 4) * 160, 0.34, c)).join('') + line('M400 300V160', '#e04a5a', 14),
  'melange-micropousses-bio': ({ rand, use }) => {
    const green = use('g', () => seedling()), purple = use('p', () => seedling('#8a4fa8'));
    return shadow(380, 660, 330) + path('M90 520h500l-30 130H120z', K.ink) + Array.from({ length: 38 }, (_, i) => (i % 3 ? green : purple)(120 + (i % 19) * 24 + rand() * 8, 520 - Math.floor(i / 19) * 14, 0.8 + Math.round(rand() * 4) / 10)).join('') +
    at(630, 650, 0.55, packet(240, 400, '#8a4fa8', 'seedling'));
  },
};

export const feedBag = (body: string, band: string, emblem: (c: Ctx) => string, extra: (c: Ctx) => string, pel: [string, string, N]): Scene => (c) =>
  shadow(400, 660, 320) + at(320, 640, 1, bag(320, 440, body, band, emblem(c))) + pellets(c.rand, 560, 650, 120, 60, 40, pel[2], pel[0], pel[1]) + extra(c);

export const SCENES_FEED: Record<string, Scene> = {
  'granules-flottants-poissons-rouges-koi': ({ rand }) =>
    rect(80, 420, 640, 260, K.waterDeep) + rect(80, 420, 640, 18, K.waterTop) + at(400, 540, 1.5, fish('#f5f0ea', K.orange) + path('M-20-20q20-10 30 10q-10 20-30 10z', K.orange)) + at(240, 600, -1.1, fish(K.orange, '#f5f0ea')) + at(560, 620, 1, fish('#e8563a', '#f5f0ea')) +
    pellets(rand, 400, 432, 260, 6, 26, 9, '#c0742e', '#9a5a22') + at(400, 330, 0.6, bag(300, 380, '#d84a2a', '#a8341c', fish(K.orange))),
  'aliment-truite-perche': feedBag('#2f6f8f', '#1f506a', () => at(0, -30, 0.9, fish('#8aa08a', '#6a806a') + line('M-40-6h60', '#e07a9a', 6)) + at(0, 40, 0.8, fish('#c9b04a', K.orange) + line('M-20-20v40M0-24v48M20-20v40', '#4a5a2a', 6)), () => '', ['#7a5530', '#5e3f22', 9]),
  'aliment-tilapia-croissance': feedBag('#4f7f3a', '#38602a', () => fish('#8a9aa5', '#6f7e89'), () => '', ['#8a5a2b', '#6e4420', 14]),
  'aliment-alevins-microgranules': ({ rand }) =>
    shadow(400, 660, 300) + at(330, 640, 1, tub(280, 300, '#e6ecf0', '#2a7fb0', '#fff', at(0, 0, 0.5, fish(K.orange)) + at(40, 30, 0.3, fish(K.orange)) + at(-40, 28, 0.3, fish(K.orange)))) +
    path('M500 600q30-50 100-40q20 50-30 80q-50 10-70-40z', '#2a7fb0') + line('M520 600l-60-60', '#2a7fb0', 16) + dots(heapPts(rand, 560, 590, 40, 20, 14, 4), '#a0662e') + dots(heapPts(rand, 560, 660, 120, 18, 24, 4), '#a0662e'),
  'aliment-insectes-bio': feedBag(K.kraft, '#b08a55', () => at(0, 0, 1, path('M-60 10q60-50 120 0q-60 30-120 0z', '#d9b36a') + line('M-40-8v24M-20-14v32M0-16v34M20-14v32M40-8v24', '#a67c3a', 5)), () => at(590, 520, 1.2, path('M-60 10q60-50 120 0q-60 30-120 0z', '#e4c48a') + line('M-40-8v24M-20-14v32M0-16v34M20-14v32M40-8v24', '#a67c3a', 5) + circle(-55, 4, 6, K.ink)), ['#d9a040', '#b8802a', 10]),
  'distributeur-automatique-poissons': ({ rand }) =>
    shadow(400, 670, 300) + at(420, 660, 1, glassTank(460, 280, { rand, fish: [[-60, -120, 0.9, K.orange], [100, -80, -0.7, '#f7b84b']] })) + rect(160, 200, 220, 170, '#9aa6b2', 20) + rect(190, 230, 110, 60, '#1f3b3a', 8) + line('M210 260h70', '#7ef0c0', 8) +
    ellipse(330, 370, 50, 50, K.dark2) + rect(280, 360, 100, 20, K.grey) + path('M350 370h40v40h-40z', K.grey) + dots([[330, 430, 6], [340, 460, 5], [322, 490, 6], [350, 520, 5]], '#a0662e'),
  'aliment-aquaponie-omnivore': feedBag('#d9822b', '#a95f17', () => at(-20, 10, 0.8, fish(K.orange)) + at(50, 10, 0.6, lettuce()), () => at(620, 520, 1.2, basil()), ['#8a5a2b', '#b07a3a', 10]),
};

export const boardScene = (face: string, content: string): string => rect(200, 150, 400, 270, K.dark2, 14) + rect(216, 166, 368, 238, face, 8) + content + line('M400 420v60', K.dark2, 14);
export const miniSystem = (x: N, y: N, s: N) => at(x, y, s, rect(-80, -70, 160, 70, K.water) + rect(-80, -70, 160, 8, K.waterTop) + at(-10, -30, 0.5, fish(K.orange)) + rect(-90, -110, 180, 40, K.ink, 6) + at(-45, -110, 0.6, lettuce()) + at(40, -110, 0.6, lettuce()));

export const SCENES_TRAINING: Record<string, Scene> = {
  'atelier-aquaponie-lyon': ({ pal }) =>
    at(210, 560, 1.2, person(pal.main)) + at(590, 560, 1.2, flip(person('#e08a2a', K.ink, K.skin2))) + at(400, 470, 1, person('#3e9b5a', '#d9a94a')) + rect(120, 540, 560, 40, K.brown, 8) + line('M170 580v80M630 580v80', K.brownDark, 16) + miniSystem(400, 540, 1.3),
  'stage-week-end-aquaponie': ({ pal }) =>
    rect(170, 170, 460, 420, K.white, 20) + rect(170, 170, 460, 90, pal.main, 20) + rect(170, 230, 460, 30, pal.main) + line('M250 140v60M550 140v60', K.dark2, 16) +
    Array.from({ length: 21 }, (_, i) => rect(200 + (i % 7) * 60, 290 + Math.floor(i / 7) * 90, 40, 60, i % 7 >= 5 && Math.floor(i / 7) === 1 ? '#e08a2a' : K.light, 6)).join('') + at(600, 660, 1, miniSystem(0, 0, 1)) + at(170, 680, 0.9, person(pal.dark)),
  'cours-video-aquaponie': ({ pal }) =>
    shadow(400, 640, 320) + rect(170, 220, 460, 300, K.dark, 18) + rect(190, 240, 420, 260, '#dff1fb', 6) + miniSystem(330, 470, 1.2) + circle(520, 370, 50, pal.main) + path('M505 345v50l40-25z', '#fff') +
    path('M120 560l50-40h460l50 40z', K.grey) + rect(120, 560, 560, 24, K.dark2, 8) + rect(600, 470, 130, 160, '#f5e6a8', 8) + line('M620 510h90M620 540h90M620 570h60', '#c9b070', 6),
  'formation-professionnelle-aquaponie': ({ pal }) =>
    boardScene('#f6f8fa', rect(250, 260, 90, 70, K.water) + path('M350 295h40l-10-10m10 10l-10 10', 'none', ` stroke="${K.dark2}" stroke-width="8"`) + circle(440, 295, 36, pal.main) + line('M490 295h40', K.dark2, 8) + rect(530, 260, 40, 70, K.leaf)) +
    at(640, 620, 1.2, person('#2f4a6a', K.ink)) + line('M600 470l-60-110', K.dark2, 8) + at(230, 680, 1, person(pal.main)) + at(400, 690, 1, person('#3e9b5a', K.ink, K.skin2)),
  'animation-scolaire-aquaponie': ({ pal }) =>
    rect(130, 140, 540, 250, '#2f5a44', 10) + rect(130, 140, 540, 250, 'none', 10, ` stroke="${K.brown}" stroke-width="14"`) + line('M180 200q40-30 80 0t80 0M440 230l40-40 40 40', '#e9f1ea', 8) + circle(570, 250, 26, 'none', ` stroke="#fff" stroke-width="6"`) +
    miniSystem(400, 560, 1.5) + at(200, 660, 0.8, person('#e0463a', K.brownDark)) + at(600, 660, 0.8, person('#f2c230', K.ink, K.skin2)) + at(690, 600, 1.1, flip(person(pal.main, '#9a6a3a'))) + line('M168 598l-26-70', K.skin, 16),
  'consultation-visio-aquaponie': ({ pal }) =>
    shadow(400, 650, 240) + rect(130, 140, 540, 380, K.dark, 20) + rect(150, 160, 500, 320, '#e9f1f8', 8) + at(400, 480, 1.3, person(pal.main)) + rect(520, 380, 110, 80, K.dark2, 6) + at(575, 460, 0.45, person('#3e9b5a', K.ink, K.skin2)) +
    path('M350 520h100l20 90H330z', K.grey) + rect(280, 610, 240, 24, K.dark2, 8) + circle(200, 200, 14, K.red),
  'bon-cadeau': ({ pal }) =>
    path('M130 250h540v300H130z', K.white) + rect(130, 250, 540, 300, 'none', 0, ` stroke="${pal.main}" stroke-width="14"`) + rect(130, 370, 540, 50, '#3e9b5a') + rect(460, 250, 50, 300, '#3e9b5a') +
    path('M485 395q-90-120-120-40t120 40q90-120 120-40t-120 40z', '#2f7f47') + at(290, 330, 0.7, fish(K.orange)) + at(290, 530, 1.1, seedling()) + line('M485 395l-50 120M485 395l50 120', '#2f7f47', 16),
};

/** A gabled greenhouse seen from three-quarters, its door open onto plants. */
export const greenhouse = (frame: string, pane: string, plants: PlantName, vents = false, lean = false): Scene => () => {
  const front = lean ? 'M150 640V330l260-90V640z' : 'M140 640V380l160-120 160 120V640z';
  const side = lean ? 'M410 640V240l260-60V600z' : 'M460 380l220-70V590l-220 50zM300 260l220-70 160 120-220 70z';
  const bars = lean ? 'M150 330l260-90M150 480h260M280 640V285M410 240l260-60M540 210v410M410 420l260-45' : 'M140 640V380l160-120 160 120V640M140 380h320M300 260V640M460 380l220-70M300 260l220-70 160 120M570 282v330M460 500l220-50';
  return shadow(420, 650, 320) + (lean ? rect(120, 120, 580, 520, '#b0563a') + line('M120 200h580M120 280h580M120 360h580M120 440h580M120 520h580M120 600h580', '#94452e', 6) : '') +
    path(side, pane) + path(front, pane, alpha(0.9)) + rect(lean ? 215 : 250, 440, lean ? 130 : 100, 200, '#f6fbef') + at(lean ? 280 : 300, 640, 0.8, plant(plants)) + at(lean ? 560 : 560, 620, 0.8, plant(plants)) + line(bars, frame, 10) +
    (vents ? path('M330 250l70-24 10-60-70 24zM430 216l70-24 10-60-70 24z', pane) + line('M330 250l10-60 70-24M430 216l10-60 70-24', frame, 8) : '');
};

export const SCENES_GREENHOUSES: Record<string, Scene> = {
  'serre-polycarbonate-jardin': greenhouse('#9aa6b2', '#dfeef0', 'tomato'),
  'serre-verre-trempe': greenhouse('#3e7b3a', '#e8f6fb', 'lettuce', true),
  'serre-adossee-polycarbonate': greenhouse('#3a434c', '#e4eef0', 'pepper', false, true),
  'serre-tunnel-maraichere': () =>
    shadow(400, 650, 320) + at(40, 100, 0.86, path('M100 640V520q0-260 250-260t250 260v120z', '#eef6f2', alpha(0.9)) + path('M350 260l250-60q200 0 200 260v120l-200 60', '#dfece7') +
    line('M100 640V520q0-260 250-260t250 260v120M350 260l250-60M180 350l250-60M520 350l240-60M600 520l200-60', '#9aa6b2', 8) + path('M270 640V470q80-60 160 0v170z', '#f6fbef') + at(310, 640, 0.9, lettuce()) + at(390, 640, 0.9, lettuce()) + line('M350 440v200', K.ink, 6)),
  'mini-serre-balcon': ({ use }) =>
    shadow(400, 660, 200) + line('M250 170V660M550 170V660', K.dark2, 12) + [250, 350, 450, 560].map((y) => rect(240, y, 320, 14, K.dark2, 4) + [300, 400, 500].map((x) => use('p', () => rect(-25, -40, 50, 40, K.clay, 6) + at(0, -40, 0.8, seedling()))(x, y)).join('')).join('') +
    path('M230 150h340v510H230z', '#fff', alpha(0.3)) + path('M230 150h340v510H230z', 'none', ` stroke="#fff" stroke-width="8"`) + line('M400 150v510', '#fff', 6),
  'chambre-de-culture-hydroponique': () =>
    shadow(400, 660, 300) + rect(160, 140, 480, 510, K.ink, 10) + rect(200, 180, 400, 450, '#d6dde3') + rect(200, 180, 400, 450, '#f7fafc', 0, alpha(0.5)) +
    rect(280, 230, 240, 30, K.dark, 8) + path('M280 260h240l60 290H220z', '#f7a8e0', alpha(0.3)) + line('M320 180v50M480 180v50', K.grey, 6) + path('M200 180l-80 40v400l80 10z', K.dark) +
    rect(240, 560, 320, 50, K.dark2, 6) + at(300, 560, 1, lettuce()) + at(400, 560, 1, lettuce()) + at(500, 560, 1, lettuce()),
  'propagateur-chauffant': () =>
    shadow(400, 650, 320) + rect(110, 540, 580, 90, K.ink, 12) + line('M170 600q15-12 30 0t30 0M360 600q15-12 30 0t30 0M550 600q15-12 30 0t30 0', K.red, 6) +
    [0, 1, 2, 3, 4, 5].map((i) => rect(150 + i * 86, 490, 70, 50, K.clay, 6) + at(185 + i * 86, 490, 1.1, seedling())).join('') +
    path('M120 540V400q0-90 90-90h380q90 0 90 90v140z', '#fff', alpha(0.35)) + path('M120 540V400q0-90 90-90h380q90 0 90 90v140', 'none', ` stroke="#fff" stroke-width="8"`) + rect(280, 300, 80, 20, K.light, 6) + rect(440, 300, 80, 20, K.light, 6) + cable('M690 600q60 0 40 60'),
};

/** Fish tank below, grow bed with plants above, a pipe between: an aquaponics system. */
export const aquaponics = (w: N, tankH: N, bedPlants: PlantName[], c: Ctx, x = 400) => {
  const bed = path(`M${f(x - w / 2)} ${f(640 - tankH - 110)}h${f(w)}l-20 70H${f(x - w / 2 + 20)}z`, K.ink);
  return shadow(x, 650, w / 2 + 40) + at(x, 640, 1, glassTank(w - 40, tankH, { rand: c.rand, fish: [[-w / 6, -tankH / 2, 0.9, K.orange], [w / 6, -tankH / 3, -0.8, '#f7b84b']] })) + line(`M${f(x - w / 2 + 30)} ${f(640 - tankH - 40)}V640M${f(x + w / 2 - 30)} ${f(640 - tankH - 40)}V640`, K.steel, 14) +
    bed + bedPlants.map((p, i) => c.use(p, PLANTS[p])(x - w / 2 + (w / (bedPlants.length + 1)) * (i + 1), 640 - tankH - 110, 0.9)).join('') + pipe(`M${f(x + w / 2 - 70)} ${f(560)}V${f(640 - tankH - 130)}`, K.dark2, 18);
};

export const SCENES_KITS: Record<string, Scene> = {
  'kit-aquaponie-balcon': (c) => aquaponics(440, 220, ['lettuce', 'lettuce', 'lettuce'], c),
  'kit-aquaponie-bureau': (c) => shadow(400, 650, 240) + at(400, 640, 1, glassTank(300, 240, { rand: c.rand, gravel: true, fish: [[0, -110, 0.8, K.orange]] })) + rect(240, 380, 320, 40, K.white, 10) + [300, 400, 500].map((x) => c.use('b', basil)(x, 380, 0.7)).join('') + line('M590 640V180H380', K.dark2, 12) + rect(240, 170, 300, 30, K.dark, 10) + path('M250 200h280l40 100H210z', '#fff7c8', alpha(0.5)),
  'kit-hydroponique-nft': ({ use }) =>
    shadow(400, 650, 320) + line('M150 300V640M650 260V640', K.steel, 14) + [0, 1, 2].map((i) => path(`M120 ${330 + i * 90}l560-60v40l-560 60z`, K.white) + [0, 1, 2, 3].map((j) => use('l', lettuce)(190 + j * 140, 332 + i * 90 - j * 15, 0.65)).join('')).join('') +
    rect(200, 560, 280, 80, '#2f8fd0', 10) + pipe('M470 560V480l200-30', K.dark2, 12),
  'kit-culture-eau-profonde': ({ rand }) =>
    shadow(400, 650, 320) + path('M230 360h300l-30 280H260z', K.ink) + rect(220, 340, 320, 34, K.dark2, 10) + path('M330 340l20-30h60l20 30z', K.ink) + dots(heapPts(rand, 380, 325, 40, 20, 8, 9), K.clay) + at(380, 320, 1.2, tomatoPlant()) +
    at(620, 650, 1, airPump(150, 100, K.steel, K.dark2)) + tubing('M580 580q-20-200-110-240'),
  'tour-hydroponique-verticale': () =>
    shadow(400, 660, 220) + rect(250, 540, 300, 110, K.white, 0, outline()) + ellipse(400, 650, 150, 40, K.white, outline()) + rect(253, 540, 294, 110, K.white) + ellipse(400, 540, 150, 40, K.shade, outline()) + rect(350, 170, 100, 380, K.white, 16, outline()) + rect(356, 176, 26, 368, K.shade, 10) +
    [0, 1, 2, 3, 4, 5].map((i) => at(i % 2 ? 340 : 460, 520 - i * 62, 0.7, flip(i % 2 ? strawberryPlant() : lettuce()))).join('') + rect(340, 150, 120, 30, K.light, 10),
  'kit-aquaponie-familial-500-l': (c) => aquaponics(600, 200, ['tomato', 'lettuce', 'pepper', 'lettuce', 'tomato'], c),
  'kit-pedagogique-aquaponie': (c) =>
    aquaponics(380, 200, ['basil', 'lettuce'], c, 330) + rect(570, 520, 150, 120, '#f5e6a8', 8) + rect(640, 520, 8, 120, '#c9b070') + rect(590, 380, 30, 140, '#fff', 14) + rect(590, 450, 30, 70, '#f2d24a', 14) + rect(640, 400, 30, 120, '#fff', 14) + rect(640, 450, 30, 70, '#7ac74f', 14),
  'kit-hydroponique-led-interieur': () =>
    shadow(400, 660, 300) + rect(160, 560, 480, 90, K.white, 30, outline()) + rect(166, 600, 468, 44, K.shade, 20) + line('M600 560V200H400', K.grey, 16) + rect(220, 180, 400, 40, K.white, 16, outline()) + path('M230 220h380l60 330H170z', '#fff7c8', alpha(0.4)) +
    [0, 1, 2, 3, 4, 5].map((i) => at(210 + i * 76, 560, 0.75, i % 2 ? basil() : lettuce())).join(''),
};

/** Every product's scene. A product without one gets BY_TYPE's match on its English product type, then its category's default. */
export const SCENES: Record<string, Scene> = {
  ...SCENES_PUMPS, ...SCENES_AIR, ...SCENES_AQUARIUMS, ...SCENES_FILTRATION, ...SCENES_SUPPORTS, ...SCENES_SUBSTRATES,
  ...SCENES_FERTILISERS, ...SCENES_SEEDS, ...SCENES_FEED, ...SCENES_TRAINING, ...SCENES_GREENHOUSES, ...SCENES_KITS,
};
export const BY_TYPE: Array<[RegExp, string]> = [
  [/air pump/i, 'pompe-a-air-silencieuse'], [/air stone|diffuser/i, 'pierre-a-air-corindon'], [/submersible|pump/i, 'pompe-immergee-eco-aquaponie'],
  [/aquarium/i, 'aquarium-verre-100-litres'], [/tank/i, 'cuve-polyethylene-alimentaire'], [/greenhouse/i, 'serre-polycarbonate-jardin'],
  [/grow bed/i, 'bac-de-culture'], [/NFT/i, 'gouttieres-nft'], [/fertili[sz]er|nutrient/i, 'engrais-liquide-organique'], [/seed/i, 'semences-melange-laitues-bio'],
  [/feed/i, 'aliment-tilapia-croissance'], [/course|workshop|training/i, 'atelier-aquaponie-lyon'],
];
export const BY_CATEGORY: Record<Product['category'], string> = {
  kits: 'kit-aquaponie-balcon', greenhouses: 'serre-polycarbonate-jardin', aquariums: 'aquarium-verre-100-litres', pumps: 'pompe-immergee-eco-aquaponie',
  'air-pumps': 'pompe-a-air-silencieuse', filtration: 'filtre-tourbillon', 'growing-supports': 'bac-de-culture', substrates: 'billes-argile-expansee',
  fertilisers: 'engrais-liquide-organique', seeds: 'semences-melange-laitues-bio', 'fish-feed': 'aliment-tilapia-croissance', training: 'atelier-aquaponie-lyon',
};

/** The scene a product is drawn with: its own, else one for its product type, else its category's. */
export function sceneFor(product: Pick<Product, 'handle' | 'category' | 'product_type'>): Scene {
  const own = SCENES[product.handle];
  if (own) return own;
  const type = BY_TYPE.find(([re]) => re.test(product.product_type.en ?? product.product_type.fr));
  return SCENES[type?.[1] ?? BY_CATEGORY[product.category]];
}
