import { serve, CHROMIUM_ARGS, openPage, waitForDemos, settle } from '/work/main/tests/e2e/harness.mjs';
import { chromium } from 'playwright-core';
const extra = process.argv.slice(2);
const server = await serve();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extra] });
const { page } = await openPage(browser, server.url);
await waitForDemos(page);
await page.evaluate(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(Math.round(e.duration)); }).observe({ type: 'longtask' }); });
const sel = 'section[data-demo="ds-final"]';
await page.evaluate((s) => { const i = document.querySelector(`${s} [name=exponent]`); i.value = '12'; i.dispatchEvent(new Event('change', { bubbles: true })); }, sel);
await page.waitForFunction((s) => document.querySelector(s).dataset.steps === '24', sel, { timeout: 60000 });
await settle(page, 'ds-final');
await page.waitForTimeout(1500);
for (const mode of ['map', 'terrain']) {
const out = await page.evaluate(async ([s, mode]) => {
  const demo = document.querySelector(s);
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const select = demo.querySelector('select[name="view"]');
  select.value = mode; select.dispatchEvent(new Event('change', { bubbles: true }));
  await frame(); await new Promise((r) => setTimeout(r, 200));
  window.__lt = [];
  const t = performance.now();
  const sc = demo.querySelector('input[name="step"]');
  for (const to of [23, 22, 16, 15, 8, 7, 2, 24, 12, 0, 5, 9, 13, 24]) { sc.value = String(to); sc.dispatchEvent(new Event('input', { bubbles: true })); await frame(); }
  await new Promise((r) => setTimeout(r, 100));
  return `${mode}: ${Math.round(performance.now() - t)} ms, long tasks ${JSON.stringify(window.__lt)}`;
}, [sel, mode]);
console.log(extra.join(' ') || 'default', out);
}
await browser.close(); await server.close();
