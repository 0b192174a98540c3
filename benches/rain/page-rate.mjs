// Droplets per second of rain at scale on the page: headless Chromium with WebGPU on
// SwiftShader (a CPU, so a ratio, not a GPU figure) and without WebGPU (the batched code in wasm),
// from the caption's own timing (the worker times the terrain and its rain). Each engine rains
// 1 droplet and then DROPLETS on the same map; the difference is the droplets' time, so the
// Diamond-Square terrain and the shown points are left out.
//
// Usage (after the page build): node benches/rain/page-rate.mjs [EXPONENT] [DROPLETS] [BATCH]
// run from the repository root; DIST_DIR names another dist/.
import { launch, openPage, serve, section, settle } from '../../tests/e2e/harness.mjs';

const [exponent = '9', droplets = '300000', batch = '1024'] = process.argv.slice(2);
const id = 'rain';

/** Seconds the worker took for `count` droplets, and the engine, read off the caption. */
async function rained(page, count) {
  const before = await page.$eval(section(id), (s) => Number(s.dataset.generation));
  await page.evaluate(([sel, n]) => {
    const input = document.querySelector(`${sel} [name="droplets"]`);
    input.value = n;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [section(id), count]);
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel).dataset.generation) > n,
    [section(id), before], { timeout: 600_000 });
  await settle(page, id, 600_000);
  return page.$eval(section(id), (s) => ({
    engine: s.dataset.engine,
    seconds: Number(/in (\d+\.\d+) s\.$/.exec(s.querySelector('.step-caption').textContent)?.[1]),
  }));
}

const server = await serve('/');
for (const webgpu of [true, false]) {
  const browser = await launch({ webgpu });
  const link = `#${id}?exponent=${exponent}&droplets=1&batch=${batch}&seed=7`;
  const { page } = await openPage(browser, `${server.url}${link}`);
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1,
    section(id), { timeout: 120_000 });
  const one = await rained(page, '2');
  const all = await rained(page, droplets);
  const rate = (Number(droplets) - 2) / (all.seconds - one.seconds);
  console.log(`${all.engine}: ${droplets} droplets on ${2 ** Number(exponent) + 1}², batches of ${batch}: ` +
    `${all.seconds.toFixed(2)} s (2 droplets: ${one.seconds.toFixed(2)} s) -> ${Math.round(rate)} droplets/s`);
  await browser.close();
}
await server.close();
