// End-to-end: noise, octave by octave (fBm). The octave stepper has one step per octave and says
// which octave each step adds, with its frequency and amplitude; its roughness panel gives the H
// the gain aims at beside the one measured; the shapes demo's drop-down list
// changes the terrain; downloads are the bytes `terrain fbm` writes with the same fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect, terrain, download, suite, section, scrub, setField, settle } from './harness.mjs';

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
  await setField(page, id, 'seed', '5', { wait: true });
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
