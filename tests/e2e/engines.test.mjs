// End-to-end: the page in Firefox and in WebKit (the engine of Safari), one suite for both. Each
// engine runs in a real window on Xvfb (it has WebGL2 there) through the driver in drivers.mjs:
// every demo draws and refreshes, a stepper steps back and forward, a download is byte for byte
// the command line's file, a share link restores its demo, rain at scale falls on the CPU (no
// WebGPU here) with the command line's bytes, and the console stays silent.
// `ENGINES=webkit` (or firefox) runs one. The Chromium suite (the other files) is unchanged.
//
// The page is served from a copy of dist/ whose index.html starts with a small probe: it records
// console errors and warnings, uncaught errors and the files the page hands the browser to save
// (read back as bytes, since neither driver can capture downloads).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDirectory } from '../../scripts/static-server.mjs';
import { ARTIFACTS, DEMO_IDS, READ_IDS, DIST, canvasAtLastField, sectionFacts, terrain, section } from './harness.mjs';
import { WINDOW, firefox, startXvfb, webkit } from './drivers.mjs';

const ENGINES = { firefox, webkit };
const chosen = (process.env.ENGINES ?? 'firefox,webkit').split(',');

const PROBE = `<script>
(() => {
  window.__problems = [];
  for (const level of ['error', 'warn']) {
    const original = console[level];
    console[level] = function (...args) {
      window.__problems.push(level + ': ' + args.map(String).join(' '));
      return original.apply(this, args);
    };
  }
  addEventListener('error', (e) => window.__problems.push('uncaught: ' + e.message));
  addEventListener('unhandledrejection', (e) => window.__problems.push('rejection: ' + e.reason));
  // The files the page saves: a blob behind an <a download> it clicks.
  const blobs = new Map();
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = function (object) {
    const url = createObjectURL.call(this, object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  window.__downloads = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download && blobs.has(this.href)) {
      window.__downloads.push({ name: this.download, blob: blobs.get(this.href) });
      return;
    }
    return click.call(this);
  };
})();
</script>`;

/** Serves a copy of dist/ with the probe at the top of index.html. */
async function serveProbed() {
  const copy = await mkdtemp(join(tmpdir(), 'terrain-engines-'));
  await cp(DIST, copy, { recursive: true });
  const index = join(copy, 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace('<head>', `<head>\n${PROBE}`));
  return serveDirectory(copy);
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Polls `fn(...args)` in the page until it is true. */
async function until(driver, what, fn, ...args) {
  const started = Date.now();
  while (!(await driver.evaluate(fn, ...args))) {
    if (Date.now() - started > 90_000) throw new Error(`${driver.name}: timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Demo `id`'s facts once nothing is on its way (no terrain, no routing of the points a Water
 * view shows) and its canvas shows its current state. */
async function facts(driver, id) {
  await until(driver, `${id} to settle`, async (sel) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const s = document.querySelector(sel);
    return s.dataset.state !== 'busy' && s.dataset.water !== 'routing' && s.dataset.picture === 'current';
  }, section(id));
  return driver.evaluate(sectionFacts, id);
}

/** Scrolls demo `id` into view and waits for its terrain number `count`. */
async function generated(driver, id, count) {
  await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: 'center' }), section(id));
  await until(driver, `${id}'s terrain ${count}`, (sel, n) => Number(document.querySelector(sel).dataset.generation) >= n, section(id), count);
  return facts(driver, id);
}

/** Opens `url` afresh and waits until every demo is built. */
async function load(driver, url) {
  await driver.open('about:blank');
  await driver.open(url);
  await until(driver, 'the demos to be built', () => {
    const sections = [...document.querySelectorAll('section[data-demo]')];
    return sections.length > 0 && sections.every((s) => s.querySelector('canvas'));
  });
}

const problems = (driver) => driver.evaluate(() => window.__problems);

/** The last file the page saved: its name and its bytes as base64. */
const lastDownload = (driver) => driver.evaluate(async () => {
  const { name, blob } = window.__downloads.at(-1);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name, base64: btoa(text) };
});

/** Chooses `format` in demo `id`, presses Download and resolves to the file the page saved. */
async function downloadAs(driver, id, format) {
  await driver.evaluate((sel, value) => {
    const select = document.querySelector(`${sel} select[name="format"]`);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, section(id), format);
  const count = await driver.evaluate(() => window.__downloads.length);
  await driver.click(`${section(id)} [data-action="download"]`);
  await until(driver, `the ${format} file`, (n) => window.__downloads.length > n, count);
  return lastDownload(driver);
}

/** Moves demo `id`'s step scrubber to `step`, as a reader's drag would, and waits until that
 * step is on its canvas. */
async function scrubTo(driver, id, step) {
  await driver.evaluate((s, n) => {
    const scrubber = document.querySelector(`${s} input[name="step"]`);
    scrubber.value = String(n);
    scrubber.dispatchEvent(new Event('input', { bubbles: true }));
  }, section(id), step);
  await until(driver, `step ${step}`, (s, n) => Number(document.querySelector(s).dataset.step) === n, section(id), step);
  return facts(driver, id);
}

/** Chooses view `mode` in demo `id`, as a reader's choice would (a change event). */
function setView(driver, id, mode) {
  return driver.evaluate((sel, value) => {
    const select = document.querySelector(`${sel} select[name="view"]`);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, section(id), mode);
}

for (const [name, start] of Object.entries(ENGINES).filter(([n]) => chosen.includes(n))) {
  describe(name, () => {
    let server;
    let xvfb;
    let driver;

    before(async () => {
      server = await serveProbed();
      xvfb = await startXvfb();
      driver = await start(xvfb.display);
      await load(driver, server.url);
    });

    after(async () => {
      await driver?.close();
      xvfb?.stop();
      await server?.close();
    });

    test('every demo draws a non-blank canvas and refreshes', async () => {
      for (const id of DEMO_IDS) {
        const first = await generated(driver, id, 1);
        assert.ok(first.drawn > 0.05, `${name} ${id} draws: ${JSON.stringify(first)}`);
        // A terrain seen from above a corner fills most of the width, no corner cut off.
        const view = await driver.evaluate((sel) => document.querySelector(`${sel} select[name="view"]`).value, section(id));
        if (['terrain', 'land'].includes(view) && !['line-1d', 'creases'].includes(id)) {
          const { box } = first;
          const at = `${name} ${id}: ${JSON.stringify(box)}`;
          assert.ok(box.right - box.left >= 0.6, `${at}: at least 60 % of the width`);
          assert.ok(box.left > 0.01 && box.right < 0.99 && box.top > 0.01 && box.bottom < 0.99, `${at}: nothing cut off`);
        }
        await driver.click(`${section(id)} [data-action="refresh"]`);
        const again = await generated(driver, id, first.generation + 1);
        assert.notEqual(again.seed, first.seed, `${id}: a new seed`);
        if (READ_IDS.includes(id)) assert.equal(again.hash, first.hash, `${id}: the map as read`);
        else assert.notEqual(again.hash, first.hash, `${id}: a new picture`);
        assert.ok(again.drawn > 0.05, `${id} draws again`);
      }
      // The first screen: the opening land under the opening paragraph.
      await driver.evaluate(() => window.scrollTo(0, 0));
      await facts(driver, 'hero');
      await mkdir(ARTIFACTS, { recursive: true });
      await driver.screenshot(join(ARTIFACTS, `first-screen-${name}.png`));
      // Real land, fetched when near, in this engine's own screenshot.
      await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section('real-land'));
      await driver.screenshot(join(ARTIFACTS, `real-land-${name}.png`));
      await mkdir(ARTIFACTS, { recursive: true });
      await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section('ds-final'));
      await driver.screenshot(join(ARTIFACTS, `engine-${name}.png`));
      // The fBm chapter: one octave beside value noise, the octave stepper, the shapes demo
      // with the drop-down list and the endless map; and thermal erosion's stepper.
      for (const id of ['noise-lattice', 'fbm', 'fbm-shapes', 'endless', 'thermal', 'compose']) {
        await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section(id));
        await facts(driver, id);
        await driver.screenshot(join(ARTIFACTS, `${id}-${name}.png`));
      }
      assert.deepEqual(await problems(driver), []);
    });

    test('the "How real is it?" panel measures a terrain beside real land', async () => {
      const id = 'fault-shapes';
      await driver.evaluate((sel) => {
        const details = document.querySelector(`${sel} details.realism`);
        details.scrollIntoView();
        details.open = true;
      }, section(id));
      await until(driver, `${id}'s measures`, (sel) => Boolean(document.querySelector(sel).dataset.realism), section(id));
      const { realism, rows } = await driver.evaluate((sel) => ({
        realism: JSON.parse(document.querySelector(sel).dataset.realism),
        rows: [...document.querySelectorAll(`${sel} details.realism tbody tr`)].map((tr) => [...tr.children].map((c) => c.textContent)),
      }), section(id));
      assert.deepEqual(Object.keys(realism).sort(),
        ['bifurcation', 'concavity', 'drainage_top1', 'hack', 'hurst', 'hypsometric_integral', 'pits_per_1000', 'spectral_slope']);
      assert.ok(Object.values(realism).every((v) => Number.isFinite(v)), JSON.stringify(realism));
      assert.deepEqual(rows.map((r) => r[2]), ['0.64', '3.71', '0.35', '8.69', '0.81', '0.22', '0.52', '4.82']);
      // The table shows the measure to 2 decimals, `data-realism` to 4: rounded twice, a value
      // such as 0.62496 reads 0.6250 there and 0.62 here, so the two agree within half a step.
      assert.match(rows[0][1], /^\d+\.\d\d$/);
      assert.ok(Math.abs(Number(rows[0][1]) - realism.hurst) <= 0.005 + 0.00005, `${rows[0][1]} shows ${realism.hurst}`);
      await driver.screenshot(join(ARTIFACTS, `realism-${name}.png`));
      assert.deepEqual(await problems(driver), []);
    });

    test('the Water view draws on every 2-D demo, rivers and all', async () => {
      for (const id of DEMO_IDS.filter((d) => d !== 'line-1d')) {
        const before = await generated(driver, id, 1);
        await setView(driver, id, 'water');
        const water = await facts(driver, id);
        assert.ok(water.drawn > 0.2, `${name} ${id}: the Water view draws (${water.drawn})`);
        assert.notEqual(water.hash, before.hash, `${name} ${id}: another picture than the terrain`);
        assert.equal(water.generation, before.generation, `${id}: nothing regenerated`);
        if (['ds-final', 'fault-shapes', 'erosion'].includes(id)) {
          // River pixels on the maps big enough to gather water.
          assert.ok(water.rivers > 50, `${name} ${id}: rivers drawn (${water.rivers} pixels)`);
        }
        await setView(driver, id, 'terrain');
      }
      await setView(driver, 'erosion', 'water');
      await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section('erosion'));
      await facts(driver, 'erosion');
      await driver.screenshot(join(ARTIFACTS, `water-${name}.png`));
      // Water on the land: the lit terrain with the rivers on it.
      await setView(driver, 'erosion', 'water-3d');
      const lit = await facts(driver, 'erosion');
      assert.ok(lit.rivers > 50, `${name}: rivers on the 3-D land (${lit.rivers} pixels)`);
      await driver.screenshot(join(ARTIFACTS, `water-3d-${name}.png`));
      await setView(driver, 'erosion', 'terrain');
      assert.deepEqual(await problems(driver), []);
    });

    test('the Slope view draws the ground by its angle, its legend in degrees', async () => {
      const id = 'ds-final';
      const before = await generated(driver, id, 1);
      const offered = await driver.evaluate((sel) =>
        [...document.querySelectorAll(`${sel} select[name="view"] option`)].map((o) => o.value), section(id));
      assert.ok(offered.includes('slope') && offered.includes('map'), `${name}: ${offered}`);
      await setView(driver, id, 'slope');
      await until(driver, 'the legend', (sel) => Boolean(document.querySelector(sel).dataset.legend), section(id));
      const shown = await facts(driver, id);
      assert.ok(shown.drawn > 0.2, `${name}: the Slope view draws (${shown.drawn})`);
      assert.notEqual(shown.hash, before.hash, `${name}: another picture than the terrain`);
      const legend = await driver.evaluate((sel) => document.querySelector(sel).dataset.legend, section(id));
      assert.match(legend, /^slope 0° \(pale\) to 90°; steepest \d+\.\d°, mean \d+\.\d°$/);
      await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section(id));
      await driver.screenshot(join(ARTIFACTS, `slope-${name}.png`));
      await setView(driver, id, 'terrain');
      assert.deepEqual(await problems(driver), []);
    });

    test('the Land view colours the land by its materials, darker under a low sun', async () => {
      const id = 'erosion';
      const before = await generated(driver, id, 1);
      await setView(driver, id, 'land');
      const sun = async (degrees) => {
        await driver.evaluate((sel, value) => {
          const input = document.querySelector(`${sel} input[name="sun"]`);
          input.value = String(value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }, section(id), degrees);
        await until(driver, `the sun at ${degrees}`, (sel, value) => document.querySelector(sel).dataset.sun === String(value), section(id), degrees);
        return facts(driver, id);
      };
      const low = await sun(8);
      await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section(id));
      await driver.screenshot(join(ARTIFACTS, `land-low-sun-${name}.png`));
      const high = await sun(80);
      await driver.screenshot(join(ARTIFACTS, `land-high-sun-${name}.png`));
      assert.notEqual(high.hash, before.hash, `${name}: another picture than the terrain`);
      assert.ok(high.green > 2000, `${name}: grass and forest (${high.green} green pixels)`);
      assert.ok(low.dark > high.dark * 1.2 + 100, `${name}: more in shadow at a low sun (${low.dark} against ${high.dark})`);
      await sun(35);
      await setView(driver, id, 'terrain');
      assert.deepEqual(await problems(driver), []);
    });

    test('a plain wheel over a canvas is left to scroll the page, Ctrl + wheel zooms, and a swipe may scroll', async () => {
      const id = 'mpd-final';
      await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section(id));
      const start = await facts(driver, id);
      // A wheel event the page does not cancel is the browser's to scroll with; one it cancels
      // zooms the terrain instead.
      const wheel = (sel, ctrl) => {
        const canvas = document.querySelector(`${sel} canvas`);
        const r = canvas.getBoundingClientRect();
        const event = new WheelEvent('wheel', {
          deltaY: -240, ctrlKey: ctrl, bubbles: true, cancelable: true,
          clientX: r.left + r.width / 2, clientY: r.top + r.height / 2,
        });
        return { left: canvas.dispatchEvent(event), touch: getComputedStyle(canvas).touchAction };
      };
      const plain = await driver.evaluate(wheel, section(id), false);
      assert.equal(plain.left, true, `${name}: a plain wheel is not cancelled`);
      assert.match(plain.touch, /pan-y/, `${name}: a one-finger swipe scrolls`);
      assert.equal((await facts(driver, id)).hash, start.hash, `${name}: a plain wheel does not zoom`);
      const zoom = await driver.evaluate(wheel, section(id), true);
      assert.equal(zoom.left, false, `${name}: Ctrl + wheel is the terrain's`);
      const zoomed = await facts(driver, id);
      assert.notEqual(zoomed.hash, start.hash, `${name}: Ctrl + wheel zooms`);
      await driver.click(`${section(id)} [data-action="reset-view"]`);
      await until(driver, 'the reset view', async (sel) => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return document.querySelector(sel) !== null;
      }, section(id));
      assert.equal((await facts(driver, id)).hash, start.hash, `${name}: Reset view`);
      assert.deepEqual(await problems(driver), []);
    });

    test('a stepper steps back and forward', async () => {
      const id = 'fault-shapes';
      const end = await generated(driver, id, 1);
      const steps = await driver.evaluate((sel) => Number(document.querySelector(sel).dataset.steps), section(id));
      await driver.click(`${section(id)} [data-action="step-back"]`);
      await until(driver, 'the step back', (sel, n) => Number(document.querySelector(sel).dataset.step) === n, section(id), steps - 1);
      const back = await facts(driver, id);
      assert.notEqual(back.hash, end.hash, 'the step shows');
      assert.equal(back.generation, end.generation, 'nothing regenerated');
      await driver.click(`${section(id)} [data-action="step"]`);
      await until(driver, 'the step forward', (sel, n) => Number(document.querySelector(sel).dataset.step) === n, section(id), steps);
      assert.equal((await facts(driver, id)).hash, end.hash, 'the finished terrain again');
      assert.deepEqual(await problems(driver), []);
    });

    test('a download is byte for byte the command line\'s file', async () => {
      const id = 'ds-final';
      const before = await generated(driver, id, 1);
      await driver.type(`${section(id)} input[name="seed"]`, '4242');
      await generated(driver, id, before.generation + 1);
      await driver.click(`${section(id)} [data-action="download"]`);
      await until(driver, 'the file', () => window.__downloads.length > 0);
      const file = await lastDownload(driver);
      assert.equal(file.name, 'ds-e5-seed-4242.png');
      const out = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), file.name);
      terrain(['ds', '--exponent', '5', '--seed', '4242', '--out', out]);
      assert.ok(Buffer.from(file.base64, 'base64').equals(await readFile(out)), 'the same bytes as terrain ds');
      assert.deepEqual(await problems(driver), []);
    });

    test('the endless map is dragged over the plane, and its download is terrain fbm there', async () => {
      const id = 'endless';
      const origin = () => driver.evaluate((sel) => document.querySelector(sel).dataset.origin, section(id));
      await generated(driver, id, 1);
      // The Water view test left it on the 3-D view, where a drag orbits: back to its map.
      await setView(driver, id, 'map');
      const first = await facts(driver, id);
      assert.equal(await origin(), '1000000,1000000');
      // A drag of the land 100 pixels left and 50 up, as the reader's pointer sends it.
      await driver.evaluate((sel) => {
        const canvas = document.querySelector(`${sel} canvas`);
        const box = canvas.getBoundingClientRect();
        const at = (dx, dy) => ({
          pointerId: 7, isPrimary: true, pointerType: 'mouse', buttons: 1, bubbles: true,
          clientX: box.x + box.width / 2 + dx, clientY: box.y + box.height / 2 + dy,
        });
        canvas.dispatchEvent(new PointerEvent('pointerdown', at(0, 0)));
        for (let k = 1; k <= 5; k++) canvas.dispatchEvent(new PointerEvent('pointermove', at(-20 * k, -10 * k)));
        canvas.dispatchEvent(new PointerEvent('pointerup', at(-100, -50)));
      }, section(id));
      await until(driver, 'the corner to move', (sel) => document.querySelector(sel).dataset.origin !== '1000000,1000000', section(id));
      const dragged = await facts(driver, id);
      const [x, y] = (await origin()).split(',').map(Number);
      assert.ok(x > 1000000 && y > 1000000, `${name}: the corner moved right and down: ${x},${y}`);
      assert.notEqual(dragged.hash, first.hash, `${name}: the dragged map is drawn`);
      // An arrow key moves an eighth of the view.
      await driver.evaluate((sel) => {
        document.querySelector(`${sel} canvas`).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      }, section(id));
      await until(driver, 'the arrow key', (sel, at) => document.querySelector(sel).dataset.origin === at, section(id), `${x + 32},${y}`);
      await facts(driver, id);
      const file = await downloadAs(driver, id, 'r32');
      const seed = dragged.seed;
      assert.equal(file.name, `fbm-257x257-at-${x + 32}-${y}-seed-${seed}.r32`);
      const out = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), file.name);
      terrain(['fbm', '--seed', seed, '--x', String(x + 32), '--y', String(y), '--out', out]);
      assert.ok(Buffer.from(file.base64, 'base64').equals(await readFile(out)), 'the same bytes as terrain fbm --x --y');
      assert.deepEqual(await problems(driver), []);
    });

    test('a point picked in the Water view shows its catchment; rivers come home as GeoJSON', async () => {
      // Diamond-Square at its exponent 5 (33 x 33, every cell shown), as the download test left it.
      const id = 'ds-final';
      await generated(driver, id, 1);
      await setView(driver, id, 'water');
      const finished = await facts(driver, id);
      // The flood stepper: at its first step every border point waits (33 x 33: 128 of them);
      // at its last, the finished view.
      const flood = async (step) => {
        await driver.evaluate((sel, value) => {
          const input = document.querySelector(`${sel} input[name="flood"]`);
          input.value = String(value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }, section(id), step);
        await until(driver, `flood step ${step}`, (sel, n) => document.querySelector(sel).dataset.flood === String(n), section(id), step);
        const seen = await facts(driver, id);
        const said = await driver.evaluate((sel) => {
          const s = document.querySelector(sel);
          return { steps: s.dataset.floodSteps, caption: s.querySelector('.step-caption').textContent, hidden: s.querySelector('.flood').hidden };
        }, section(id));
        return { ...said, hash: seen.hash };
      };
      const start = await flood(0);
      assert.deepEqual([start.steps, start.hidden], ['16', false], name);
      assert.match(start.caption, /^Flood, step 0 of 16: the 128 border points wait in the queue/, `${name}: ${start.caption}`);
      assert.notEqual(start.hash, finished.hash, `${name}: the flood's first step is another picture`);
      const end = await flood(16);
      assert.equal(end.hash, finished.hash, `${name}: the last flood step is the Water view`);
      // A tap near the middle of the map, as the reader's pointer sends it.
      await driver.evaluate((sel) => {
        const canvas = document.querySelector(`${sel} canvas`);
        const box = canvas.getBoundingClientRect();
        const at = { pointerId: 9, isPrimary: true, pointerType: 'mouse', buttons: 1, bubbles: true,
          clientX: box.x + box.width * 0.47, clientY: box.y + box.height * 0.55 };
        canvas.dispatchEvent(new PointerEvent('pointerdown', at));
        canvas.dispatchEvent(new PointerEvent('pointerup', at));
      }, section(id));
      await until(driver, 'the pick', (sel) => Boolean(document.querySelector(sel).dataset.picked), section(id));
      const picked = await driver.evaluate((sel) => {
        const s = document.querySelector(sel);
        return { at: s.dataset.picked.split(',').map(Number), catchment: Number(s.dataset.catchment),
          caption: s.querySelector('.step-caption').textContent };
      }, section(id));
      assert.match(picked.caption, /^Water falling at /, `${name}: ${picked.caption}`);
      assert.ok(picked.catchment >= 1, `${name}: ${picked.catchment}`);
      // The rivers download: the same bytes as terrain flow --rivers on the page's own map.
      const save = (format) => downloadAs(driver, id, format);
      const map = await save('r32');
      const rivers = await save('rivers.geojson');
      const scratch = await mkdtemp(join(tmpdir(), `terrain-${name}-rivers-`));
      await writeFile(join(scratch, 'page.r32'), Buffer.from(map.base64, 'base64'));
      terrain(['flow', '--in', join(scratch, 'page.r32'), '--out', join(scratch, 'flow.r32'), '--rivers', join(scratch, 'cli.geojson')]);
      assert.ok(Buffer.from(rivers.base64, 'base64').equals(await readFile(join(scratch, 'cli.geojson'))), `${name}: the same bytes as terrain flow --rivers`);
      // The catchment is the flow the full-map routing counts at the picked cell.
      const flow = await save('flow.r32');
      const bytes = Buffer.from(flow.base64, 'base64');
      assert.equal(bytes.readFloatLE(4 * (picked.at[1] * 33 + picked.at[0])), picked.catchment, `${name}: the catchment`);
      await driver.evaluate((sel) => {
        const select = document.querySelector(`${sel} select[name="format"]`);
        select.value = 'png';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, section(id));
      await setView(driver, id, 'terrain');
      assert.deepEqual(await problems(driver), []);
    });

    test('a share link restores its demo', async () => {
      const id = 'mpd-final';
      const first = await generated(driver, id, 1);
      await driver.type(`${section(id)} input[name="exponent"]`, '6');
      const shared = await generated(driver, id, first.generation + 1);
      await driver.click(`${section(id)} [data-action="share"]`);
      await until(driver, 'the link', (sel) => Boolean(document.querySelector(sel).dataset.link), section(id));
      const link = await driver.evaluate((sel) => document.querySelector(sel).dataset.link, section(id));
      assert.match(link, /#mpd-final\?exponent=6&/);
      assert.deepEqual(await problems(driver), []);
      await load(driver, link);
      const restored = await generated(driver, id, 1);
      const exponent = await driver.evaluate((sel) => document.querySelector(`${sel} input[name="exponent"]`).value, section(id));
      assert.equal(exponent, '6');
      assert.equal(restored.seed, shared.seed, 'the same seed');
      assert.equal(restored.hash, shared.hash, 'the same picture');
      assert.deepEqual(await problems(driver), [], 'the console stayed silent');
    });

    test('make your own: steps added, moved and removed, the download is data-command, a link keeps the chain', async () => {
      const id = 'compose';
      const sel = section(id);
      const stepsOf = () => driver.evaluate((s) =>
        [...document.querySelectorAll(`${s} fieldset[data-step]`)].map((f) => f.dataset.step), sel);
      const command = () => driver.evaluate((s) => document.querySelector(s).dataset.command, sel);
      let shown = await generated(driver, id, 1);
      assert.deepEqual(await stepsOf(), ['redistribute', 'erode']);
      // Smaller and quicker: 65 x 65, then a change made by each button.
      await driver.type(`${sel} input[name="exponent"]`, '6');
      shown = await generated(driver, id, shown.generation + 1);
      const act = async (selector) => {
        await driver.click(selector);
        shown = await generated(driver, id, shown.generation + 1);
      };
      await driver.evaluate((s) => { document.querySelector(`${s} select[name="add-step"]`).value = 'thermal'; }, sel);
      await act(`${sel} [data-action="add-step"]`);
      assert.deepEqual(await stepsOf(), ['redistribute', 'erode', 'thermal']);
      await act(`${sel} fieldset[data-step="thermal"] [data-action="step-up"]`);
      assert.deepEqual(await stepsOf(), ['redistribute', 'thermal', 'erode']);
      await act(`${sel} fieldset[data-step="erode"] [data-action="remove-step"]`);
      assert.deepEqual(await stepsOf(), ['redistribute', 'thermal']);
      const line = await command();
      assert.match(line, /^terrain ds --exponent 6 --seed \d+ --then redistribute --power 1\.5 --then thermal --iterations 50 --talus 35 --rate 0\.5$/);
      await driver.screenshot(join(ARTIFACTS, `compose-${name}.png`));

      // A bad value in a step's field: refused next to it, the terrain kept.
      await driver.type(`${sel} fieldset[data-step="thermal"] input[name="talus"]`, '95');
      await until(driver, 'the refusal', (s) => document.querySelector(s).dataset.state === 'error', sel);
      const refused = await driver.evaluate((s) => ({
        alert: document.querySelector(`${s} p[role="alert"]`).textContent,
        marked: document.querySelector(`${s} fieldset[data-step="thermal"] input[name="talus"]`).getAttribute('aria-invalid'),
      }), sel);
      assert.match(refused.alert, /^Step 2 \(thermal\): talus must be a number from 1 to 89/);
      assert.equal(refused.marked, 'true');
      assert.equal((await driver.evaluate(sectionFacts, id)).hash, shown.hash, 'the terrain stays');
      // The good value back: the terrain on screen is that one, so nothing is made again.
      await driver.type(`${sel} fieldset[data-step="thermal"] input[name="talus"]`, '35');
      await until(driver, 'the fix', (s) => document.querySelector(s).dataset.state === 'ready', sel);
      assert.equal((await facts(driver, id)).hash, shown.hash);

      const file = await downloadAs(driver, id, 'r32');
      const out = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), 'composed.r32');
      terrain([...line.split(' ').slice(1), '--out', out]);
      assert.ok(Buffer.from(file.base64, 'base64').equals(await readFile(out)), `${line}: the same bytes`);

      // Terraces, the step the registry's proof added: its fields named as its flags, its
      // download what data-command writes; then taken away again.
      await driver.evaluate((s) => { document.querySelector(`${s} select[name="add-step"]`).value = 'terrace'; }, sel);
      await act(`${sel} [data-action="add-step"]`);
      assert.deepEqual(await stepsOf(), ['redistribute', 'thermal', 'terrace']);
      const terraceFields = await driver.evaluate((s) =>
        [...document.querySelectorAll(`${s} fieldset[data-step="terrace"] input`)].map((f) => f.name), sel);
      // Its own fields, then where it acts (the band's fields hidden until Where asks).
      assert.deepEqual(terraceFields, ['levels', 'sharpness', 'height-from', 'height-to', 'slope-from', 'slope-to', 'mask-soft', 'mask-radius', 'mask-strength', 'mask-invert']);
      await driver.type(`${sel} fieldset[data-step="terrace"] input[name="sharpness"]`, '1');
      shown = await generated(driver, id, shown.generation + 1);
      const terraced = await command();
      assert.match(terraced, / --then terrace --levels 8 --sharpness 1$/);
      const terraceFile = await downloadAs(driver, id, 'r32');
      const terraceOut = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), 'terraced.r32');
      terrain([...terraced.split(' ').slice(1), '--out', terraceOut]);
      assert.ok(Buffer.from(terraceFile.base64, 'base64').equals(await readFile(terraceOut)), `${terraced}: the same bytes`);
      await driver.screenshot(join(ARTIFACTS, `compose-terrace-${name}.png`));

      // Chooses where the terrace step acts, as a reader's choice would, and waits for the terrain.
      const terraceWhere = async (value) => {
        await driver.evaluate((s, v) => {
          const where = document.querySelector(`${s} fieldset[data-step="terrace"] select[name="where"]`);
          where.value = v;
          where.dispatchEvent(new Event('change', { bubbles: true }));
        }, sel, value);
        shown = await generated(driver, id, shown.generation + 1);
      };

      // Where it acts: a band of heights, its fields shown, the command's mask flags, the
      // download what they write.
      await terraceWhere('height');
      const bandShown = await driver.evaluate((s) =>
        [...document.querySelectorAll(`${s} fieldset[data-step="terrace"] .where`)]
          .filter((w) => getComputedStyle(w).display !== 'none').map((w) => w.querySelector('[name]').name), sel);
      assert.deepEqual(bandShown, ['where', 'height-from', 'height-to', 'mask-soft', 'mask-invert']);
      const masked = await command();
      assert.match(masked, / --then terrace --levels 8 --sharpness 1 --mask-height 0\.5:1 --mask-soft 0\.05$/);
      const maskedFile = await downloadAs(driver, id, 'r32');
      const maskedOut = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), 'masked.r32');
      terrain([...masked.split(' ').slice(1), '--out', maskedOut]);
      assert.ok(Buffer.from(maskedFile.base64, 'base64').equals(await readFile(maskedOut)), `${masked}: the same bytes`);
      await driver.screenshot(join(ARTIFACTS, `compose-where-${name}.png`));

      // Where it acts, painted: a drag on the map paints the mask; unpainted, the terraces are
      // not there at all; undo gives those bytes back; the mask file with data-command writes
      // the page's bytes.
      await terraceWhere('painted');
      const viewBefore = await driver.evaluate((s) => document.querySelector(`${s} select[name="view"]`).value, sel);
      await setView(driver, id, 'map');
      const unpainted = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
      await driver.evaluate((s) => {
        const canvas = document.querySelector(`${s} canvas`);
        const box = canvas.getBoundingClientRect();
        const at = (x) => ({
          pointerId: 9, isPrimary: true, pointerType: 'mouse', buttons: 1, bubbles: true,
          clientX: box.x + box.width * x, clientY: box.y + box.height * 0.5,
        });
        canvas.dispatchEvent(new PointerEvent('pointerdown', at(0.3)));
        for (let k = 1; k <= 8; k++) canvas.dispatchEvent(new PointerEvent('pointermove', at(0.3 + 0.04 * k)));
        canvas.dispatchEvent(new PointerEvent('pointerup', at(0.62)));
      }, sel);
      shown = await generated(driver, id, shown.generation + 1);
      assert.equal(await driver.evaluate((s) => document.querySelector(s).dataset.strokes, sel), '1', `${name}: one stroke`);
      const painted = await command();
      assert.match(painted, / --then terrace --levels 8 --sharpness 1 --mask-strokes mask\.json$/);
      const maskFile = await downloadAs(driver, id, 'mask');
      assert.equal(maskFile.name, 'mask.json');
      const paintedFile = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
      assert.ok(!paintedFile.equals(unpainted), `${name}: the terraces where painted`);
      const paintedDir = await mkdtemp(join(tmpdir(), `terrain-${name}-mask-`));
      await writeFile(join(paintedDir, 'mask.json'), Buffer.from(maskFile.base64, 'base64'));
      const paintedOut = join(paintedDir, 'painted.r32');
      terrain([...painted.replace('mask.json', join(paintedDir, 'mask.json')).split(' ').slice(1), '--out', paintedOut]);
      assert.ok(paintedFile.equals(await readFile(paintedOut)), `${painted}: the same bytes`);
      await driver.screenshot(join(ARTIFACTS, `compose-mask-${name}.png`));
      await act(`${sel} fieldset[data-step="terrace"] [data-action="undo"]`);
      assert.ok(Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64').equals(unpainted), `${name}: undo gives the bytes back`);
      shown = await facts(driver, id);
      await setView(driver, id, viewBefore);
      await act(`${sel} fieldset[data-step="terrace"] [data-action="remove-step"]`);
      assert.deepEqual(await stepsOf(), ['redistribute', 'thermal']);

      await driver.click(`${sel} [data-action="share"]`);
      await until(driver, 'the link', (s) => Boolean(document.querySelector(s).dataset.link), sel);
      const link = await driver.evaluate((s) => document.querySelector(s).dataset.link, sel);
      assert.match(link, /#compose\?base=ds&exponent=6&snow-line=0\.78&tree-line=0\.6&sand-level=0\.04&rock-slope=40&seed=\d+&then=redistribute&power=1\.5&then=thermal&iterations=50&talus=35&rate=0\.5$/);
      assert.deepEqual(await problems(driver), []);
      await load(driver, link);
      const restored = await generated(driver, id, 1);
      assert.deepEqual(await stepsOf(), ['redistribute', 'thermal']);
      assert.equal(await command(), line);
      assert.equal(restored.hash, shown.hash, 'the same picture');

      // A heightmap dropped on the demo becomes its base; the steps run on it as the command
      // line, reading that file, runs them.
      const scratch = await mkdtemp(join(tmpdir(), `terrain-${name}-yours-`));
      const mine = join(scratch, 'dropped.png');
      terrain(['fbm', '--width', '40', '--height', '33', '--seed', '8', '--out', mine]);
      const base64 = (await readFile(mine)).toString('base64');
      await driver.evaluate((s, data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
        document.querySelector(s).dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, sel, base64);
      const yours = await generated(driver, id, restored.generation + 1);
      assert.equal(yours.state, 'ready', JSON.stringify(yours));
      const read = await command();
      assert.match(read, /^terrain read --in dropped\.png --seed \d+ --then redistribute /);
      const picker = await driver.evaluate((s) => {
        const input = document.querySelector(`${s} input[name="heightmap"]`);
        return [input.parentElement.hidden, input.files[0]?.name, document.querySelector(`${s} select[name="base"]`).value,
          document.querySelector(`${s} input[name="exponent"]`).disabled];
      }, sel);
      assert.deepEqual(picker, [false, 'dropped.png', 'your-map', true], 'the picker shown naming the file, the base yours, the size off');
      const made = await downloadAs(driver, id, 'r32');
      const again = join(scratch, 'composed.r32');
      terrain([...read.replace('dropped.png', mine).split(' ').slice(1), '--out', again]);
      assert.ok(Buffer.from(made.base64, 'base64').equals(await readFile(again)), `${read}: the same bytes`);
      await driver.screenshot(join(ARTIFACTS, `compose-your-map-${name}.png`));
      assert.deepEqual(await problems(driver), []);
    });

    test("thermal erosion's stepper: the caption counts the steep pairs, magenta marks them", async () => {
      const id = 'thermal';
      const sel = section(id);
      // The Chromium suite's seed: its steep cells thin out where the map view shows them.
      const opened = await generated(driver, id, 1);
      await driver.type(`${sel} input[name="seed"]`, '7');
      await generated(driver, id, opened.generation + 1);
      await setView(driver, id, 'map');
      const at = async (step) => {
        await scrubTo(driver, id, step);
        return driver.evaluate((s) => {
          const canvas = document.querySelector(`${s} canvas`);
          const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          // Magenta: the steep cells (map view); orange and blue: lowered and raised since
          // the base (Erosion view).
          let [magenta, removed, laid] = [0, 0, 0];
          for (let i = 0; i < data.length; i += 4) {
            if (data[i] - data[i + 1] > 50 && data[i + 2] - data[i + 1] > 40) magenta += 1;
            if (data[i] - data[i + 2] > 40) removed += 1;
            if (data[i + 2] - data[i] > 40) laid += 1;
          }
          const text = document.querySelector(`${s} .step-caption`).textContent;
          const share = text.match(/([\d.]+) % of neighbouring pairs steeper than the talus/);
          return { text, magenta, removed, laid, share: share ? Number(share[1]) : NaN };
        }, sel);
      };
      const start = await at(0);
      assert.match(start.text, /^Start \(step 0 of 9\): the Diamond-Square terrain before anything slides; magenta marks the cells steeper than the 35° talus\./);
      assert.ok(start.magenta > 0, `the start's steep cells: ${start.magenta}`);
      const first = await at(1);
      assert.match(first.text, /^Step 1 of 9: 1 round of sliding towards the 35° talus/);
      assert.ok(first.magenta > 500, `steep cells after one round: ${first.magenta}`);
      const late = await at(8);
      assert.ok(late.magenta < first.magenta, `fewer steep cells later: ${late.magenta} against ${first.magenta}`);
      assert.ok(late.share < first.share && first.share < start.share, `${start.share}, ${first.share}, ${late.share}`);
      await driver.screenshot(join(ARTIFACTS, `thermal-stepped-${name}.png`));
      // The Erosion view: what slid since the base, orange where lowered, blue where raised.
      await setView(driver, id, 'erosion');
      const bare = await at(0);
      assert.equal(bare.removed + bare.laid, 0, `nothing changed at the start: ${JSON.stringify(bare)}`);
      const slid = await at(9);
      assert.ok(slid.removed > 300 && slid.laid > 300, `${name}: what slid, and where to: ${JSON.stringify(slid)}`);
      await driver.screenshot(join(ARTIFACTS, `thermal-change-${name}.png`));
      await setView(driver, id, 'terrain');
      assert.deepEqual(await problems(driver), []);
    });

    test('uplift steps through time, its download is terrain uplift, its panel plots slope against area', async () => {
      const id = 'uplift';
      const sel = section(id);
      let shown = await generated(driver, id, 1);
      for (const [field, value] of [['exponent', '7'], ['steps', '16'], ['seed', '3']]) {
        await driver.type(`${sel} input[name="${field}"]`, value);
        shown = await generated(driver, id, shown.generation + 1);
      }
      const caption = async (step) => {
        await scrubTo(driver, id, step);
        return driver.evaluate((s) => document.querySelector(`${s} .step-caption`).textContent, sel);
      };
      assert.match(await caption(0), /^Start \(step 0 of 5\): near-flat random ground/);
      assert.match(await caption(5), /^Step 5 of 5: 16 time steps, time 160\. highest peak [\d.]+, moved [\d.]+ % in the last time step$/);
      await driver.screenshot(join(ARTIFACTS, `uplift-last-step-${name}.png`));

      const file = await downloadAs(driver, id, 'r32');
      assert.equal(file.name, 'uplift-e7-seed-3.r32');
      const out = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), 'uplift.r32');
      terrain(['uplift', '--exponent', '7', '--steps', '16', '--seed', '3', '--out', out]);
      assert.ok(Buffer.from(file.base64, 'base64').equals(await readFile(out)), 'the same bytes as terrain uplift');

      await driver.evaluate((s) => {
        const details = document.querySelector(`${s} details.realism`);
        details.open = true;
        details.scrollIntoView();
      }, sel);
      await until(driver, "uplift's measures", (s) => Boolean(document.querySelector(s).dataset.realism), sel);
      const { realism, plot } = await driver.evaluate((s) => {
        const figure = document.querySelector(`${s} details.realism [data-plot="slope-area"]`);
        return {
          realism: JSON.parse(document.querySelector(s).dataset.realism),
          plot: {
            here: figure.querySelectorAll('svg .here').length,
            real: figure.querySelectorAll('svg .real').length,
            fits: figure.querySelectorAll('svg .fit').length,
            title: figure.querySelector('svg text').textContent,
            width: figure.querySelector('svg').getBoundingClientRect().width,
          },
        };
      }, sel);
      assert.ok(['concavity', 'hack', 'bifurcation'].every((k) => Number.isFinite(realism[k])), JSON.stringify(realism));
      assert.ok(Math.abs(realism.concavity - 0.45) < 0.1, `concavity ${realism.concavity}`);
      assert.ok(plot.here >= 5 && plot.real === 13 && plot.fits === 2, JSON.stringify(plot));
      assert.equal(plot.title, `θ = ${realism.concavity.toFixed(2)} here, 0.22 on real land`);
      assert.ok(plot.width > 200, `the plot is ${plot.width} px wide`);
      await driver.evaluate((s) => document.querySelector(`${s} [data-plot="slope-area"]`).scrollIntoView({ block: 'center' }), sel);
      await driver.screenshot(join(ARTIFACTS, `uplift-slope-area-${name}.png`));
      assert.deepEqual(await problems(driver), []);
    });

    test('a drag paints a ridge, undo and redo give the bytes back, uplift carves it', async () => {
      const id = 'compose';
      const sel = section(id);
      await load(driver, `${server.url}#${id}?base=ds&exponent=7&seed=3&then=paint&brush=raise&radius=8&strength=0.1`);
      let shown = await generated(driver, id, 1);
      await setView(driver, id, 'map');
      shown = await facts(driver, id);
      const before = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
      // A ridge from the left to the right of the map, dragged as a mouse would.
      await driver.evaluate((s) => {
        const canvas = document.querySelector(`${s} canvas`);
        const box = canvas.getBoundingClientRect();
        const at = (x, y) => ({ clientX: box.left + box.width * x, clientY: box.top + box.height * y });
        const fire = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, {
          pointerId: 7, pointerType: 'mouse', isPrimary: true, buttons: 1, bubbles: true, ...at(x, y),
        }));
        fire('pointerdown', 0.3, 0.55);
        for (let i = 1; i <= 16; i++) fire('pointermove', 0.3 + 0.4 * i / 16, 0.55 - 0.1 * i / 16);
        fire('pointerup', 0.7, 0.45);
      }, sel);
      await until(driver, 'the stroke', (s, g) => Number(document.querySelector(s).dataset.generation) > g, sel, shown.generation);
      const painted = await facts(driver, id);
      assert.equal(await driver.evaluate((s) => document.querySelector(s).dataset.strokes, sel), '1');
      const after = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
      assert.ok(!after.equals(before), `${name}: the stroke changed the map`);
      await setView(driver, id, 'terrain');
      await facts(driver, id);
      await driver.evaluate((s) => document.querySelector(s).scrollIntoView({ block: 'start' }), sel);
      await driver.screenshot(join(ARTIFACTS, `paint-ridge-${name}.png`));

      await driver.click(`${sel} [data-action="undo"]`);
      await until(driver, 'the undo', (s, g) => Number(document.querySelector(s).dataset.generation) > g, sel, painted.generation);
      const undone = await facts(driver, id);
      assert.ok(Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64').equals(before), 'undo: the bytes before');
      await driver.click(`${sel} [data-action="redo"]`);
      await until(driver, 'the redo', (s, g) => Number(document.querySelector(s).dataset.generation) > g, sel, undone.generation);
      assert.ok(Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64').equals(after), 'redo: the bytes after');

      // The strokes file with the command under the canvas writes the same bytes.
      const strokes = await downloadAs(driver, id, 'strokes');
      assert.equal(strokes.name, 'strokes.json');
      const scratch = await mkdtemp(join(tmpdir(), `terrain-${name}-`));
      await writeFile(join(scratch, 'strokes.json'), Buffer.from(strokes.base64, 'base64'));
      const line = await driver.evaluate((s) => document.querySelector(s).dataset.command, sel);
      const words = line.replace('strokes.json', join(scratch, 'strokes.json')).split(' ').slice(1);
      terrain([...words, '--out', join(scratch, 'painted.r32')]);
      assert.ok(after.equals(await readFile(join(scratch, 'painted.r32'))), `${line}: the same bytes`);

      // Uplift after the paint: rivers carve the ridge the reader drew.
      const redone = await facts(driver, id);
      await driver.evaluate((s) => {
        const select = document.querySelector(`${s} select[name="add-step"]`);
        select.value = 'uplift';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, sel);
      await driver.click(`${sel} [data-action="add-step"]`);
      await until(driver, 'the uplift', (s, g) => Number(document.querySelector(s).dataset.generation) > g, sel, redone.generation);
      await facts(driver, id);
      await driver.evaluate((s) => document.querySelector(s).scrollIntoView({ block: 'start' }), sel);
      await driver.screenshot(join(ARTIFACTS, `paint-ridge-uplift-${name}.png`));
      const risen = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
      const upline = await driver.evaluate((s) => document.querySelector(s).dataset.command, sel);
      assert.match(upline, /--then paint --strokes strokes\.json --then uplift .* --uplift-from-map$/);
      const upwords = upline.replace('strokes.json', join(scratch, 'strokes.json')).split(' ').slice(1);
      terrain([...upwords, '--out', join(scratch, 'risen.r32')]);
      assert.ok(risen.equals(await readFile(join(scratch, 'risen.r32'))), `${upline}: the same bytes`);
      assert.deepEqual(await problems(driver), []);
    });

    test('on a phone-sized page a one-finger touch drag paints', async () => {
      const id = 'compose';
      const sel = section(id);
      await driver.resize({ width: 390, height: 844 });
      try {
        await load(driver, `${server.url}#${id}?base=ds&exponent=7&seed=3&then=paint&brush=raise&radius=8&strength=0.1`);
        await generated(driver, id, 1);
        await setView(driver, id, 'map');
        const shown = await facts(driver, id);
        const width = await driver.evaluate(() => innerWidth);
        assert.ok(width < 500, `${name}: a phone-sized page (${width} px wide)`);
        assert.equal(await driver.evaluate((s) => getComputedStyle(document.querySelector(`${s} canvas`)).touchAction, sel), 'none',
          'while painting the canvas takes the finger');
        const before = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
        const box = await driver.evaluate((s) => {
          const canvas = document.querySelector(`${s} canvas`);
          canvas.scrollIntoView({ block: 'center' });
          window.__pointers = [];
          canvas.addEventListener('pointerdown', (e) => window.__pointers.push(`${e.pointerType} ${e.isTrusted}`));
          const { left, top, width: w, height: h } = canvas.getBoundingClientRect();
          return { left, top, w, h };
        }, sel);
        // One finger across the middle of the map.
        const points = Array.from({ length: 13 }, (_, i) => [box.left + box.w * (0.3 + 0.4 * i / 12), box.top + box.h * 0.5]);
        await driver.touchDrag(points);
        // Firefox: the browser's own touch input (BiDi). WebKit: pointer events of a finger
        // dispatched in the page (its driver has no touch input), so not trusted.
        const finger = name === 'firefox' ? 'touch true' : 'touch false';
        assert.deepEqual(await driver.evaluate(() => window.__pointers), [finger], `${name}: one finger down`);
        await until(driver, 'the stroke', (s, g) => Number(document.querySelector(s).dataset.generation) > g, sel, shown.generation);
        await facts(driver, id);
        assert.equal(await driver.evaluate((s) => document.querySelector(s).dataset.strokes, sel), '1');
        await driver.evaluate((s) => document.querySelector(`${s} canvas`).scrollIntoView({ block: 'center' }), sel);
        await driver.screenshot(join(ARTIFACTS, `paint-touch-${name}.png`));
        const after = Buffer.from((await downloadAs(driver, id, 'r32')).base64, 'base64');
        assert.ok(!after.equals(before), `${name}: the touch stroke changed the map`);
        assert.deepEqual(await problems(driver), []);
      } finally {
        await driver.resize(WINDOW);
      }
    });

    test('at 1366 x 768 the land stays in view while its last field is changed: two columns, the canvas held', async () => {
      await driver.resize({ width: 1366, height: 768 });
      try {
        await load(driver, server.url);
        for (const id of ['compose', 'erosion']) {
          await driver.evaluate((sel) => document.querySelector(sel).scrollIntoView(), section(id));
          await generated(driver, id, 1);
          const at = await driver.evaluate(canvasAtLastField, id);
          await driver.screenshot(join(ARTIFACTS, `two-columns-${id}-${name}.png`));
          assert.ok(at.fieldInView, `${name} ${id}: the field ${at.field} is in view`);
          assert.ok(at.seen >= 0.5, `${name} ${id}: ${at.seen} of the canvas in view with ${at.field} focused`);
        }
        assert.deepEqual(await problems(driver), []);
      } finally {
        await driver.resize(WINDOW);
      }
    });

    test('rain at scale falls on the CPU here and downloads terrain ds --erode N --batch B', async () => {
      // Neither browser offers WebGPU on Linux: the same batched code runs in wasm.
      const id = 'rain';
      await load(driver, `${server.url}#${id}?exponent=7&droplets=20000&batch=512&seed=42`);
      const shown = await generated(driver, id, 1);
      assert.equal(shown.seed, '42');
      await driver.screenshot(join(ARTIFACTS, `rain-${name}.png`));
      const engine = await driver.evaluate((sel) => document.querySelector(sel).dataset.engine, section(id));
      assert.equal(engine, 'cpu', `${name}: no WebGPU, so the CPU`);
      const file = await downloadAs(driver, id, 'r32');
      const out = join(await mkdtemp(join(tmpdir(), `terrain-${name}-`)), 'rain.r32');
      terrain(['ds', '--exponent', '7', '--erode', '20000', '--batch', '512', '--seed', '42', '--out', out]);
      assert.ok(Buffer.from(file.base64, 'base64').equals(await readFile(out)), `${file.name}: the bytes of terrain ds --erode --batch`);
      assert.deepEqual(await problems(driver), [], 'the console stayed silent');
    });

    test("a link to a chapter's heading lands on it and stays there while the page above it grows", async () => {
      // The chapters above are laid out one a task and their demos built after the browser has
      // jumped to the heading: Firefox keeps the view by scroll anchoring, WebKit by index.html's
      // script (it has none).
      await load(driver, `${server.url}#uplift-chapter`);
      await until(driver, 'the chapters to be laid out', () => 'laid' in document.documentElement.dataset);
      await sleep(1500);
      const top = await driver.evaluate(() => document.getElementById('uplift-chapter').getBoundingClientRect().top);
      assert.ok(top > -5 && top < 80, `${name}: the heading at the top of the window, not ${top} px away`);
      assert.deepEqual(await problems(driver), []);
    });
  });
}
