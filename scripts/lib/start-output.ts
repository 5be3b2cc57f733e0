/**
 * What `npm start` (scripts/start.ts) shows of its tools' output: every line goes to the log
 * file, and only the lines a person needs reach the terminal. Pure functions over lines, so the
 * rules are tested without starting anything (tests/start-output.test.ts).
 */
import { join } from 'node:path';

/** The port `npm start` serves on when PORT is not set. */
export const DEFAULT_PORT = 8888;

/**
 * The log file of `npm start` on `port` (START_LOG overrides it): the whole output of the
 * build, the migrations, maildev and the Netlify CLI. `.netlify/start.log` on the default port,
 * `.netlify/start-<port>.log` on another, so a second store of one checkout does not write into
 * the first one's log.
 * @param root the project root
 */
export function startLogPath(root: string, port: number): string {
  return join(root, '.netlify', port === DEFAULT_PORT ? 'start.log' : `start-${port}.log`);
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/** The line without terminal colour codes. */
export function plain(line: string): string {
  return line.replace(ANSI, '');
}

/** The figures of a build, read from its output (scripts/build-data.ts and Astro). */
export interface BuildFigures {
  products?: number;
  pages?: number;
  translationWarnings?: number;
}

/** Reads the figures of the build from its output lines. */
export function buildFigures(lines: readonly string[]): BuildFigures {
  const figures: BuildFigures = {};
  for (const raw of lines) {
    const line = plain(raw);
    const data = /^build-data: (\d+) products\b.*?\((\d+) translation warning/.exec(line);
    if (data) [figures.products, figures.translationWarnings] = [Number(data[1]), Number(data[2])];
    const pages = /\[build\] (\d+) page\(s\) built/.exec(line);
    if (pages) figures.pages = Number(pages[1]);
  }
  return figures;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The one line that tells a build, e.g. "build: 85 products, 1,440 pages in 27 s".
 * @param ms how long the build took
 */
export function buildSummary(figures: BuildFigures, ms: number): string {
  const parts = [
    figures.products === undefined ? null : `${count(figures.products)} products`,
    figures.pages === undefined ? null : `${count(figures.pages)} pages`,
  ].filter(Boolean);
  const warnings = figures.translationWarnings ? `; ${count(figures.translationWarnings)} missing translations (npm run check lists them)` : '';
  return `build: ${parts.length ? parts.join(', ') : 'done'} in ${Math.round(ms / 1000)} s${warnings}`;
}

/**
 * Lines of `netlify dev` kept out of the terminal (they stay in the log file): the CLI's notes
 * about the flags `npm start` passes for the user (`--dir`, `--internal-disable-edge-functions`),
 * the environment variables it ignores, its banner (start.ts prints the addresses itself), the
 * loading and reloading of each function (a failure to load is shown), Node's deprecation
 * warning about `util._extend`, raised inside the CLI's dependency http-proxy, and the access
 * log of the functions server: two lines per call ("Request from …: GET /path", then "Response
 * with status … in … ms." without the path) and one per rewrite, the sweep's every 10 s among
 * them. What a function logs itself, and its errors, are shown.
 */
const NOISE: readonly RegExp[] = [
  /^\s*$/,
  /^⬥ Ignored .* env var: /,
  /^⬥ Using simple static server because /,
  /^⬥ Running static server from /,
  /^⬥ Setting up local dev server/,
  /^⬥ Static server listening to /,
  /^⬥ Edge functions are disabled\./,
  /^⬥ (Loaded|Reloading|Reloaded) function /,
  /^\s*[╭│╰]/,
  /^\(node:\d+\) \[DEP\d+\] DeprecationWarning: /,
  /^\(Use `node --trace-deprecation \.\.\.` /,
  // The access log, whatever the CLI's version puts before it (a symbol, a time) or after it.
  /^\W*(\d\d:\d\d:\d\d\W+)?Request from \S+ [A-Z]+ \//,
  /^\W*(\d\d:\d\d:\d\d\W+)?Response with status \d{3} in \d+ ?ms\.?$/,
  /^⬥ Rewrote URL to /,
];

/** The first line of the Netlify CLI's report when it dies on an error of its own. */
const CRASH = /Netlify CLI has terminated unexpectedly/;

/**
 * Decides, line by line, what of the output of `netlify dev` reaches the terminal. A crash
 * report is hidden too: start.ts tells its error line (`crashError`) and what happens next.
 */
export class CliOutputFilter {
  private inCrashReport = false;
  /** The error of the last crash report (e.g. "URIError: URI malformed"), if any. */
  crashError: string | null = null;

  /** @returns whether the line is shown in the terminal */
  show(raw: string): boolean {
    const line = plain(raw);
    if (CRASH.test(line)) {
      this.inCrashReport = true;
      this.crashError = null;
      return false;
    }
    if (this.inCrashReport) {
      if (this.crashError === null && /^\w*Error\b.*:/.test(line)) this.crashError = line.trim();
      return false;
    }
    return !NOISE.some((re) => re.test(line));
  }

  /** Starts afresh for the next CLI (after a crash). */
  reset(): void {
    this.inCrashReport = false;
  }
}

/**
 * Splits a stream's chunks into whole lines.
 * @param onLine called with each line, without its end of line
 * @returns the function to feed chunks to, and one to flush a last unterminated line
 */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: Buffer | string): void; end(): void } {
  let rest = '';
  return {
    push(chunk) {
      const text = rest + chunk.toString();
      const lines = text.split(/\r?\n/);
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
    },
    end() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}
