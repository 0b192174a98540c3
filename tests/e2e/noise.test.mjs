// End-to-end: noise, octave by octave (fBm). The octave stepper has one step per octave and says
// which octave each step adds, with its frequency and amplitude; its roughness panel gives the H
// the gain aims at beside the one measured; the shapes demo's drop-down list
// changes the terrain; downloads are the bytes `terrain fbm` writes with the same fields. One
// octave of gradient noise stands beside value noise with the lattice drawn; the endless map is
// dragged and moved with the arrow keys, `data-origin` following, and the maps at two corners
// agree where they overlap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACTS } from './harness.mjs';
import { inspect, terrain, download, suite, section, scrub, setField, setView, settle, canvasPixels, countColours } from './harness.mjs';

const fx = suite();

/** The section's step attributes. */
const stepping = (page, id) => page.$eval(section(id), (s) => ({
  step: Number(s.dataset.step),
  steps: Number(s.dataset.steps),
  caption: s.querySelector('.step-caption').textContent,
}));

test('the octave stepper has one step per octave, each adding the octave its caption names', async () => {
  const { page, problems } = fx.session;
  const id = 'fbm';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await settle(page, id);
  // A refresh at the defaults (8 octaves on 257 x 257), measured in the page, not asserted
  // (BENCHMARKS.md records it): from the field's change until the new terrain is shown
  // (data-generation: made in the worker, its mesh built) and until the canvas shows it.
  const times = [];
  for (const seed of ['101', '102', '103', '104', '5']) {
    times.push(await page.evaluate(([sel, value]) => new Promise((resolve) => {
      const s = document.querySelector(sel);
      const input = s.querySelector('input[name="seed"]');
      const started = performance.now();
      let shown = 0;
      const check = () => {
        if (shown && s.dataset.picture === 'current') resolve([shown, performance.now() - started]);
        else requestAnimationFrame(check);
      };
      const before = s.dataset.generation;
      new MutationObserver((_, observer) => {
        if (s.dataset.generation === before) return;
        shown = performance.now() - started;
        observer.disconnect();
        requestAnimationFrame(check);
      }).observe(s, { attributes: true, attributeFilter: ['data-generation'] });
      input.value = value;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }), [section(id), seed]));
  }
  const median = (k) => times.map((t) => t[k]).sort((a, b) => a - b)[2].toFixed(0);
  console.log(`# fbm, 8 octaves at 257 x 257, median of 5 refreshes: shown ${median(0)} ms, drawn ${median(1)} ms after the change`);
  await settle(page, id);
  await setField(page, id, 'octaves', '5', { wait: true });
  const last = await stepping(page, id);
  assert.equal(last.steps, 5, 'one step per octave');
  assert.equal(last.step, 5, 'it opens on the finished map');
  const pictures = new Set([(await inspect(page, id)).hash]);
  for (let step = 0; step < 5; step++) {
    const view = await scrub(page, id, step);
    const { caption } = await stepping(page, id);
    if (step === 0) assert.match(caption, /no octave yet/, caption);
    else {
      assert.match(caption, new RegExp(`^Step ${step} of 5: octave ${step} adds noise of `), caption);
      // Frequency 2 and lacunarity 2: 2, 4, 8 ... cycles per 256 cells; gain 0.5: 1, 0.5, 0.25 ...
      const short = (v) => String(Number(v.toFixed(3)));
      assert.match(caption, new RegExp(`of ${short(2 * 2 ** (step - 1))} cycles per 256 cells`), caption);
      assert.match(caption, new RegExp(`lattice ${short(128 / 2 ** (step - 1))} cells apart`), caption);
      assert.match(caption, new RegExp(`at amplitude ${short(0.5 ** (step - 1))}$`), caption);
    }
    pictures.add(view.hash);
  }
  assert.equal(pictures.size, 6, 'every step shows a different picture');
  // The roughness panel: the H the gain aims at, beside the one measured on the map.
  await page.locator(`${section(id)} .roughness`).scrollIntoViewIfNeeded();
  const said = await page.$eval(`${section(id)} .roughness .hurst`, (p) => p.textContent);
  assert.match(said, /^Roughness: gain g = 0\.5 at lacunarity L = 2 aims at H = 1\.00/, said);
  assert.match(said, /-log2 g when L = 2/, said);
  assert.ok(await page.$(`${section(id)} .roughness .variogram svg`), 'the measured variogram is plotted');
  assert.equal(await page.$(`${section('fbm-shapes')} .roughness`), null, 'no gain field, no panel');
  assert.deepEqual(problems, []);
});

test('the shapes demo offers its shapes in a drop-down list, and its download is terrain fbm\'s file', async () => {
  const { page, problems } = fx.session;
  const id = 'fbm-shapes';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'seed', '12', { wait: true });
  const options = await page.$$eval(`${section(id)} select[name="shape"] option`, (o) => o.map((e) => e.value));
  assert.deepEqual(options, ['plain', 'ridged', 'billow']);
  const pictures = new Set();
  for (const shape of options) {
    await page.selectOption(`${section(id)} select[name="shape"]`, shape);
    await settle(page, id);
    pictures.add((await inspect(page, id)).hash);
  }
  assert.equal(pictures.size, 3, 'each shape draws its own terrain');
  await setField(page, id, 'warp', '0.5', { wait: true });
  const file = await download(page, id, 'png');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-fbm-')), 'fbm.png');
  terrain(['fbm', '--seed', '12', '--shape', 'billow', '--power', '2', '--warp', '0.5', '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), 'the download equals terrain fbm\'s file');
  assert.match(file.name, /^fbm-257x257-seed-12\.png$/, file.name);
  assert.deepEqual(problems, []);
});

test('one octave of gradient noise stands beside value noise, the lattice and gradients drawn', async () => {
  const { page, problems } = fx.session;
  const id = 'noise-lattice';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'seed', '3', { wait: true });
  const facts = await page.$eval(section(id), (s) => ({
    caption: s.querySelector('.step-caption').textContent,
    stepper: Boolean(s.querySelector('input[name="step"]')),
    crease: s.dataset.creaseMpd ?? null,
    fields: [...s.querySelectorAll('form.controls [name]')].map((i) => i.name),
  }));
  assert.match(facts.caption, /^Gradient noise \(left\) and value noise \(right\) on one lattice, its points 64 cells apart/, facts.caption);
  assert.equal(facts.crease, null, 'no crease scores: this pair compares no creases');
  assert.deepEqual(facts.fields.filter((n) => ['frequency', 'seed'].includes(n)), ['frequency', 'seed']);
  const before = await setView(page, id, 'map');
  // The lattice points (magenta) and the gradients' lines (yellow) on the top-down map.
  const colours = countColours(await canvasPixels(page, id), {
    magenta: (r, g, b) => r > 200 && g < 60 && b > 100,
    yellow: (r, g, b) => r > 230 && g > 190 && b < 40,
  });
  assert.ok(colours.magenta > 200 && colours.yellow > colours.magenta, JSON.stringify(colours));
  // A finer lattice: more cells, a new picture, and the caption says their spacing.
  await setField(page, id, 'frequency', '16', { wait: true });
  const finer = await inspect(page, id);
  assert.notEqual(finer.hash, before.hash);
  const caption = await page.$eval(`${section(id)} .step-caption`, (p) => p.textContent);
  assert.match(caption, /its points 16 cells apart/, caption);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'noise-lattice.png') });
  assert.deepEqual(problems, []);
});

/** The section's `data-origin`, as numbers. */
const origin = (page, id) => page.$eval(section(id), (s) => s.dataset.origin.split(',').map(Number));

/** A `.r32` download's heights. */
const heights = (bytes) => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));

test('the endless map is dragged and moved with the arrow keys, and its maps join without a seam', async () => {
  const { page, problems } = fx.session;
  const id = 'endless';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'seed', '21', { wait: true });
  await setField(page, id, 'octaves', '6', { wait: true });
  const view = await page.$eval(`${section(id)} select[name="view"]`, (s) => s.value);
  assert.equal(view, 'map', 'it opens on the top-down map, where it is dragged');
  assert.deepEqual(await origin(page, id), [1000000, 1000000]);
  const start = await inspect(page, id);
  const first = await download(page, id, 'r32');
  // Drag the land 120 pixels left and 60 up: the view's corner moves right and down.
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 1; k <= 6; k++) await page.mouse.move(cx - 20 * k, cy - 10 * k);
  await page.mouse.up();
  const dragged = await inspect(page, id);
  const [x, y] = await origin(page, id);
  assert.ok(x > 1000000 && y > 1000000, `the corner moved right and down: ${x},${y}`);
  assert.ok(Math.abs((x - 1000000) - 2 * (y - 1000000)) <= 2, `twice as far across as down: ${x},${y}`);
  assert.notEqual(dragged.hash, start.hash, 'the dragged map is drawn');
  assert.ok(dragged.generation > start.generation, 'the worker made the land that came into view');
  const fields = await page.$$eval(`${section(id)} form.controls input[name="x"], ${section(id)} form.controls input[name="y"]`, (i) => i.map((e) => Number(e.value)));
  assert.deepEqual(fields, [x, y], 'the x and y fields follow');
  // The arrow keys: one press moves an eighth of the view (32 cells of 257).
  await page.focus(`${section(id)} canvas`);
  await page.keyboard.press('ArrowRight');
  await settle(page, id);
  assert.deepEqual(await origin(page, id), [x + 32, y]);
  await page.keyboard.press('ArrowDown');
  await settle(page, id);
  const [x2, y2] = await origin(page, id);
  assert.deepEqual([x2, y2], [x + 32, y + 32]);
  // Downloads are terrain fbm's file at the view's corner, and the maps of two corners agree,
  // bit for bit, on the cells both cover: no seam.
  const second = await download(page, id, 'r32');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-endless-')), 'endless.r32');
  terrain(['fbm', '--seed', '21', '--octaves', '6', '--x', String(x2), '--y', String(y2), '--out', out]);
  assert.ok(second.bytes.equals(await readFile(out)), 'the download equals terrain fbm --x --y');
  assert.match(second.name, new RegExp(`^fbm-257x257-at-${x2}-${y2}-seed-21\\.r32$`), second.name);
  const [a, b] = [heights(first.bytes), heights(second.bytes)];
  const [dx, dy] = [x2 - 1000000, y2 - 1000000];
  assert.ok(dx > 32 && dy > 32 && dx < 240 && dy < 240, `${dx},${dy}`);
  let shared = 0;
  for (let row = dy; row < 257; row++) {
    for (let col = dx; col < 257; col++) {
      assert.equal(b[(row - dy) * 257 + (col - dx)], a[row * 257 + col], `cell (${col}, ${row})`);
      shared++;
    }
  }
  assert.ok(shared > 1000, `${shared} shared cells`);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'endless.png') });
  assert.deepEqual(problems, []);
});
