// Preloaded (`node --import`) by bench/search.ts before a cold bundle runs: the platform's request
// machinery. Netlify's runtime hands every function a `Request` and reads the `Response` it
// returns, so an instance has loaded Node's fetch classes (undici) before the function's own
// code runs, whatever the function. Paid here, before the bundle is compiled, and timed apart.
const before = performance.now();
await new Response(new Request('http://localhost/').url).text();
const cpu = process.cpuUsage();
globalThis.coldPlatform = { before, after: performance.now(), cpu: (cpu.user + cpu.system) / 1000 };
