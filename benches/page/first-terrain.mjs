// How soon a first visit sees its first terrain, one build against another in the same run:
//   node benches/page/first-terrain.mjs BEFORE_DIST AFTER_DIST      (RUNS=10 by default)
// Each run opens the page in a fresh browser context (a cold cache, as a first visit) at 1366 x 768
// and times, from navigation, the first terrain on the first screen (any demo's data-generation 1:
// `hero` since the page opens on land, `line-1d` before), and sums the bytes of the answers
// finished by then, as sent (gzipped over the slow line), the worker's fetches too; the two builds
// alternate. Twice: from a plain loopback server, then over a slow line, Lighthouse's mobile
// throttling in figures: every file gzipped as hosts send it, 150 ms before each answer starts,
// and all answers sharing 1.6 Mbit/s (200 KB/s), the worker's fetches too. Headless Chromium
// from the end-to-end suites (tests/, `npm ci` there first). BENCHMARKS.md records the figures.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from '../../tests/e2e/harness.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
};
const RATE = 200 * 1024;
const TICK_MS = 20;

/** Serves `root`; with `slow`, gzipped, late and through one shared 200 KB/s line. */
function serve(root, slow) {
  const queue = [];
  const timer = setInterval(() => {
    let budget = (RATE * TICK_MS) / 1000;
    while (budget > 0 && queue.length) {
      const job = queue.shift();
      const n = Math.min(budget, job.body.length - job.at, 4096);
      job.response.write(job.body.subarray(job.at, job.at + n));
      job.at += n;
      budget -= n;
      if (job.at < job.body.length) queue.push(job);
      else job.response.end();
    }
  }, TICK_MS);
  const server = createServer(async (request, response) => {
    let path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    if (path.endsWith('/')) path += 'index.html';
    let body;
    try {
      body = await readFile(join(root, path));
    } catch {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    if (!slow) {
      response.writeHead(200, { 'Content-Type': type }).end(body);
      return;
    }
    setTimeout(() => {
      response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' });
      queue.push({ response, body: gzipSync(body, { level: 9 }), at: 0 });
    }, 150);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => done({
      url: `http://127.0.0.1:${server.address().port}/`,
      close: () => {
        clearInterval(timer);
        server.close();
      },
    }));
  });
}

const [before, after] = process.argv.slice(2).map((dir) => resolve(dir));
if (!before || !after) {
  console.error('usage: node benches/page/first-terrain.mjs BEFORE_DIST AFTER_DIST');
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 10);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await launch();
for (const slow of [false, true]) {
  const servers = { before: await serve(before, slow), after: await serve(after, slow) };
  const times = { before: [], after: [] };
  const bytes = { before: [], after: [] };
  for (let i = 0; i < runs; i++) {
    for (const name of i % 2 ? ['after', 'before'] : ['before', 'after']) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      const finished = [];
      page.on('requestfinished', async (request) => {
        const at = Date.now();
        const sizes = await request.sizes().catch(() => null);
        if (sizes) finished.push({ at, size: sizes.responseBodySize });
      });
      await page.goto(servers[name].url);
      await page.waitForFunction(
        () => [...document.querySelectorAll('section[data-demo]')].some((s) => Number(s.dataset.generation) >= 1),
        null, { polling: 5, timeout: 120_000 });
      const drawnAt = Date.now();
      times[name].push(Math.round(await page.evaluate(() => performance.now())));
      bytes[name].push(finished.filter((f) => f.at <= drawnAt).reduce((sum, f) => sum + f.size, 0));
      await context.close();
    }
  }
  const line = slow ? 'over 1.6 Mbit/s, 150 ms' : 'loopback';
  const [b, a] = [median(times.before), median(times.after)];
  console.log(`${line}: first terrain at ${b} ms before, ${a} ms after (${(a / b).toFixed(2)} x), median of ${runs}`);
  console.log(`  bytes finished before it: ${median(bytes.before)} B before, ${median(bytes.after)} B after (medians)`);
  console.log(`  before ${JSON.stringify(times.before)}\n  after  ${JSON.stringify(times.after)}`);
  for (const server of Object.values(servers)) server.close();
}
await browser.close();
