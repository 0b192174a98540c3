// Painting on the page, in headless Chromium (software WebGL): how long a stroke's own change
// takes to show, and how long the chain after the paint step takes to come back from the worker.
//
// The compose demo at 257² with a paint step and 30 000 droplets of erosion after it. For each of
// STROKES strokes across the map (map view, then the 3-D view):
// - the dab: the main thread's work for one pointer move while painting (the move's handling,
//   then the frame that draws it, timed between a frame callback queued before the move and one
//   queued after it) and how many frames pass until the canvas shows it (its pixels changed; 1
//   is the next frame);
// - the chain: from the pointer going up to the new terrain on screen (data-generation), the
//   worker running the paint, the erosion and the shown points, the page drawing them.
//
// Usage (after the page build): node benches/paint/page-paint.mjs [STROKES] from the repository
// root; DIST_DIR names another dist/.
import { launch, openPage, serve, section, settle } from '../../tests/e2e/harness.mjs';

const strokes = Number(process.argv[2] ?? 5);
const id = 'compose';
const link = `#${id}?base=ds&exponent=8&seed=5&then=paint&brush=raise&radius=8&strength=0.1` +
  '&then=erode&droplets=30000&inertia=0.05&erosion=0.3&deposition=0.3';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One stroke from (x0, y) to (x1, y) in shares of the canvas: the dab timings of its moves and
 * the time until its chain is on screen. */
async function stroke(page, y, x0, x1) {
  const before = await page.$eval(section(id), (s) => Number(s.dataset.generation));
  const dabs = await page.evaluate(async ([sel, y, x0, x1]) => {
    const canvas = document.querySelector(`${sel} canvas`);
    const box = canvas.getBoundingClientRect();
    const fire = (type, x) => canvas.dispatchEvent(new PointerEvent(type, {
      pointerId: 3, pointerType: 'mouse', isPrimary: true, buttons: 1, bubbles: true,
      clientX: box.left + box.width * x, clientY: box.top + box.height * y,
    }));
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
    const pixels = () => {
      const copy = document.createElement('canvas');
      [copy.width, copy.height] = [canvas.width, canvas.height];
      const c = copy.getContext('2d', { willReadFrequently: true });
      c.drawImage(canvas, 0, 0);
      return c.getImageData(0, 0, copy.width, copy.height).data;
    };
    const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
    fire('pointerdown', x0);
    await frame();
    const timings = [];
    for (let i = 1; i <= 8; i++) {
      await frame();
      const start = frame();
      const shown = pixels();
      const t0 = performance.now();
      fire('pointermove', x0 + (x1 - x0) * i / 8);
      const handled = performance.now() - t0;
      const after = frame();
      const [began, drawnAt] = [await start, await after];
      // Frames until the canvas shows it (1: the next frame), and the time to then.
      let frames = 1;
      while (same(shown, pixels()) && frames < 30) {
        await frame();
        frames += 1;
      }
      timings.push({ work: handled + (drawnAt - began), frames, ms: performance.now() - t0 });
    }
    window.__up = performance.now();
    fire('pointerup', x1);
    return timings;
  }, [section(id), y, x0, x1]);
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g,
    [section(id), before], { timeout: 120_000 });
  const chain = await page.evaluate(() => performance.now() - window.__up);
  await settle(page, id);
  return { dabs, chain };
}

const server = await serve('/');
const browser = await launch();
const { page } = await openPage(browser, `${server.url}${link}`);
await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1,
  section(id), { timeout: 120_000 });
await page.$eval(section(id), (s) => s.scrollIntoView({ block: 'start' }));
await settle(page, id);
for (const view of ['map', 'terrain']) {
  await page.selectOption(`${section(id)} select[name="view"]`, view);
  await settle(page, id);
  const runs = [];
  for (let i = 0; i < strokes; i++) runs.push(await stroke(page, 0.45 + 0.03 * i, 0.35, 0.65));
  const dabs = runs.flatMap((r) => r.dabs);
  const work = dabs.map((d) => d.work);
  const next = dabs.filter((d) => d.frames === 1).length;
  const frames = dabs.map((d) => d.frames);
  const ms = dabs.map((d) => d.ms);
  console.log(`${view} view, 257², ${strokes} strokes of 8 moves: a dab's main-thread work median ` +
    `${median(work).toFixed(1)} ms (max ${Math.max(...work).toFixed(1)}); on the canvas in the next ` +
    `frame ${next} of ${dabs.length}, median ${median(frames)} frames, ${median(ms).toFixed(0)} ms ` +
    `(max ${Math.max(...frames)} frames); the chain after the stroke (paint, 30 000 droplets, shown) median ` +
    `${median(runs.map((r) => r.chain)).toFixed(0)} ms (${runs.map((r) => r.chain.toFixed(0)).join(', ')})`);
}
await browser.close();
await server.close();
