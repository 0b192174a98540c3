// The page's load on the main thread: its longest task, from navigation until the first screen's
// land is drawn, its water routed and a second of quiet has passed.
//   node benches/page/load-tasks.mjs DIST      (SETS=5 LOADS=5 by default)
// Each load opens the page in a fresh browser context (a cold cache, as a first visit), at
// 1366 x 768 and at 390 x 844 in turn, and records every task of 50 ms or more that the browser's
// long-task observer saw (installed before the page's first script). Prints each set's longest
// task and each load's, so a run of SETS x LOADS says how often the load passes 50 ms. Headless
// Chromium from the end-to-end suites (tests/, `npm ci` there first). BENCHMARKS.md records it.
import { resolve } from 'node:path';
import { serveDirectory } from '../../scripts/static-server.mjs';
import { launch } from '../../tests/e2e/harness.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const sets = Number(process.env.SETS ?? 5);
const loads = Number(process.env.LOADS ?? 5);
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }];

const server = await serveDirectory(dist);
const browser = await launch();
const all = [];
for (let set = 0; set < sets; set++) {
  const longest = [];
  for (let load = 0; load < loads; load++) {
    const viewport = SIZES[(set * loads + load) % SIZES.length];
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => {
      window.__tasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__tasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => {
      const hero = document.querySelector('section[data-demo="hero"]');
      return Number(hero?.dataset.generation) >= 1 && hero.dataset.water !== 'routing' && hero.dataset.picture === 'current';
    }, null, { polling: 20, timeout: 60_000 });
    await page.waitForTimeout(1000);
    const tasks = await page.evaluate(() => window.__tasks);
    longest.push({ size: `${viewport.width}x${viewport.height}`, ms: Math.max(0, ...tasks) });
    await context.close();
  }
  const worst = Math.max(...longest.map((l) => l.ms));
  all.push(worst);
  console.log(`set ${set + 1}: longest task ${worst} ms; loads ${longest.map((l) => `${l.size} ${l.ms}`).join(', ')}`);
}
console.log(`longest task of each set: ${all.join(', ')} ms; sets with a task over 50 ms: ${all.filter((ms) => ms > 50).length} of ${sets}`);
await browser.close();
await server.close();
