/**
 * `npm run bench:build`: build time and peak memory of the real catalog and of a synthetic
 * catalog (BENCH_PRODUCTS, default 2,000 products in 12 locales, generated under bench/.out,
 * outside content/), against the Astro floor: a trivial Astro project with Astro's default
 * config writing the same number of files, measured in the same run. Target (issue #25,
 * criterion 5): at most 1.5x the floor's time. The build settings of astro.config.mjs that any
 * project could use (`build.concurrency`) are also given to a second trivial project, and the
 * ratio against it is printed as a second, informative line. Every build starts from an empty
 * output folder (`measure`). BENCH_LOWER_BOUND=1 also builds the synthetic catalog with its
 * product and collection pages reduced to one element (`tinyPagesProject`): the same routes,
 * files and sitemap without the pages' content, i.e. the least any content of those pages could
 * cost, printed against the same floor.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroUserConfig } from 'astro';
import { stringify } from 'yaml';
import { loadContent } from '../src/catalog/load';

const project = process.cwd();
const out = resolve('bench/.out');
const count = Number(process.env.BENCH_PRODUCTS ?? 2000);

interface Run { ms: number; maxRssMb: number; files: number }

/**
 * One build as `npm run build` runs it: `args` = [astro root, outDir, content root?]. With a
 * content root, the catalog step first writes the snapshot (bench/build-child.ts, under tsx as
 * scripts/build-data.ts runs); the Astro step then runs in plain Node (bench/astro-build.mjs),
 * each in its own process so that peak memory is its own. The time is the sum of both steps,
 * the peak memory the larger. The outDir is emptied first, untimed, for every build alike: a
 * deploy builds into an empty folder, and a build that must first delete ~50,000 files of the
 * previous run would measure the disk.
 */
function measure(args: string[], env: Record<string, string> = {}): Run {
  const [root, outDir, contentRoot] = args;
  rmSync(outDir, { recursive: true, force: true });
  const run = (nodeArgs: string[]) => JSON.parse(execFileSync(process.execPath, nodeArgs, {
    encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  }).trim().split('\n').pop()!) as Partial<Run> & { ms: number; maxRssMb: number };
  const content = contentRoot ? run(['--import', 'tsx', join(project, 'bench/build-child.ts'), contentRoot]) : { ms: 0, maxRssMb: 0 };
  const astro = run([join(project, 'bench/astro-build.mjs'), root, outDir]);
  return { ms: content.ms + astro.ms, maxRssMb: Math.max(content.maxRssMb, astro.maxRssMb), files: astro.files ?? 0 };
}

/** Synthetic content: the real store, pages and collections, and `n` products cloned from the real ones with fresh ids and handles. */
function syntheticContent(n: number): string {
  const root = join(out, 'synthetic');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'content/products'), { recursive: true });
  for (const part of ['store.yaml', 'shipping.yaml', 'pages', 'articles', 'collections']) cpSync(join(project, 'content', part), join(root, 'content', part), { recursive: true });
  const { catalog } = loadContent(project);
  for (let i = 0; i < n; i++) {
    const { body_html: _html, ...source } = catalog.products[i % catalog.products.length];
    const id = 100_000 + i;
    const handle = `${source.handle}-${i}`;
    const product = { ...source, id, handle, variants: source.variants.map((v, j) => ({ ...v, id: id * 100 + j + 1, sku: v.sku && `${v.sku}-${i}` })) };
    writeFileSync(join(root, 'content/products', `${handle}.yaml`), stringify(product));
  }
  return root;
}

/** The settings of our astro.config.mjs that do not depend on the project: what the second floor gets. */
async function portableSettings(): Promise<Record<string, unknown>> {
  const { default: config } = (await import(pathToFileURL(join(project, 'astro.config.mjs')).href)) as { default: AstroUserConfig };
  return config.build?.concurrency ? { build: { concurrency: config.build.concurrency } } : {};
}

/**
 * A trivial Astro project writing `files` JSON files of a few bytes (the framework's floor).
 * @param settings Astro config besides `output: 'static'` (none: the floor of the target)
 */
function trivialProject(files: number, name = 'trivial', settings: Record<string, unknown> = {}): string {
  const root = join(out, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'src/pages/p'), { recursive: true });
  writeFileSync(join(root, 'astro.config.mjs'), `export default ${JSON.stringify({ output: 'static', ...settings })};\n`);
  writeFileSync(join(root, 'src/pages/p/[n].json.ts'),
    `export const getStaticPaths = () => Array.from({ length: ${files} }, (_, n) => ({ params: { n: String(n) } }));\n` +
    `export const GET = ({ params }) => new Response(JSON.stringify({ n: params.n }), { headers: { 'content-type': 'application/json' } });\n`);
  return root;
}

/**
 * A copy of the project's build inputs (bench/.out/tiny-pages) whose product page and collection
 * pages render `<p>` + handle only: no layout, head, JSON-LD nor product view. Every route, its
 * getStaticPaths and props, the JSON files and the sitemap stay as they are.
 * @throws Error when a template is no longer where this expects it (update the paths here)
 */
function tinyPagesProject(): string {
  const root = join(out, 'tiny-pages');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const part of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'public', 'content/store.yaml']) cpSync(join(project, part), join(root, part), { recursive: true });
  symlinkSync(join(project, 'node_modules'), join(root, 'node_modules'));
  const productPage = join(root, 'src/pages/[...locale]/products/[handle].astro');
  const paths = /^export const getStaticPaths = .*$/m.exec(readFileSync(productPage, 'utf8'))?.[0];
  if (!paths) throw new Error(`${productPage}: no one-line getStaticPaths export`);
  writeFileSync(productPage, `---\nimport { catalogSnapshot, localePaths } from '../../_static';\nimport { publishedProducts } from '../../../catalog/query';\n${paths}\n---\n<p>{Astro.props.raw.handle}</p>\n`);
  writeFileSync(join(root, 'src/components/CollectionPage.astro'), '---\nconst { collection, page } = Astro.props;\n---\n<p>{collection.handle} {page}</p>\n');
  return root;
}

mkdirSync(out, { recursive: true });
const rows: Array<[string, Run]> = [];
const real = measure([project, join(out, 'dist-real'), project], { SNAPSHOT_PATH: join(out, 'real.json') });
rows.push(['real catalog', real]);
const synthetic = syntheticContent(count);
// The machine is shared and its disk is the bottleneck: run both builds twice, interleaved, and
// keep the faster run of each, so a burst of other work does not decide the ratio.
const fastest = (a: Run, b: Run) => (a.ms <= b.ms ? a : b);
const runSynthetic = () => measure([project, join(out, 'dist-synthetic'), synthetic], { SNAPSHOT_PATH: join(out, 'synthetic.json') });
let synth = runSynthetic();
const trivial = trivialProject(synth.files);
const runTrivial = () => measure([trivial, join(out, 'dist-trivial')]);
let floor = runTrivial();
const settings = await portableSettings();
const same = Object.keys(settings).length ? trivialProject(synth.files, 'trivial-same-settings', settings) : undefined;
const runSame = () => measure([same!, join(out, 'dist-trivial-same-settings')]);
let floorSame = same ? runSame() : undefined;
synth = fastest(synth, runSynthetic());
floor = fastest(floor, runTrivial());
if (floorSame) floorSame = fastest(floorSame, runSame());
let tiny: Run | undefined;
if (process.env.BENCH_LOWER_BOUND) {
  const tinyRoot = tinyPagesProject();
  const runTiny = () => measure([tinyRoot, join(out, 'dist-tiny-pages'), synthetic], { SNAPSHOT_PATH: join(out, 'synthetic.json') });
  tiny = fastest(runTiny(), runTiny());
}
rows.push([`synthetic ${count} products (best of 2)`, synth]);
rows.push([`trivial Astro, same file count (best of 2)`, floor]);
if (floorSame) rows.push([`trivial Astro with our ${JSON.stringify(settings)} (best of 2)`, floorSame]);
if (tiny) rows.push([`synthetic with product and collection pages reduced to <p>handle</p> (best of 2)`, tiny]);

console.log('\n| build | files | time (s) | ms/file | peak RSS (MB) | vs trivial |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, r] of rows) {
  console.log(`| ${name} | ${r.files} | ${(r.ms / 1000).toFixed(1)} | ${(r.ms / r.files).toFixed(2)} | ${r.maxRssMb} | ${(r.ms / r.files / (floor.ms / floor.files)).toFixed(2)}x |`);
}
writeFileSync(join(out, 'build.json'), `${JSON.stringify({ real, synthetic: synth, trivial: floor, trivialSameSettings: floorSame, tinyPages: tiny, settings, products: count }, null, 2)}\n`);
const ratio = synth.ms / floor.ms;
console.log(`\nsynthetic / trivial time: ${ratio.toFixed(2)}x (target <= 1.5x): ${ratio <= 1.5 ? 'met' : 'NOT met'}`);
if (floorSame) console.log(`synthetic / trivial with the same settings ${JSON.stringify(settings)}: ${(synth.ms / floorSame.ms).toFixed(2)}x (informative)`);
if (tiny) console.log(`synthetic with tiny product and collection pages / trivial: ${(tiny.ms / floor.ms).toFixed(2)}x (the least the pages' content could cost; informative)`);
