// End-to-end: erosion, droplet by droplet. The demo draws, its first step shows one droplet's
// path (magenta) and the ground it took (orange) and laid (blue) in the map view, the Erosion
// view marks what all droplets did, a download is the bytes `terrain ds --erode` writes, bad
// fields are refused with the terrain kept, and 100 000 droplets on 513 x 513 keep the page
// responsive (no main-thread task over 100 ms).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, inspect, settle, drawn, terrain, download, canvasPixels, countColours, suite, scrub,
  setFields, describedBy, changeTones,
  timedTest, watchLongTasks, longestTask, taskSpans, unwatched,
} from './harness.mjs';

const id = 'erosion';
const section = `section[data-demo="${id}"]`;

const fx = suite();

/** Pixels of the marks' colours in the demo's canvas. */
async function colours(page) {
  return countColours(await canvasPixels(page, id), {
    path: (r, g, b) => r - g > 50 && b - g > 40,
    removed: (r, g, b) => r > 200 && g > 80 && g < 160 && b < 60,
    laid: (r, g, b) => b > 200 && r < 80 && g < 130,
  });
}

test('the erosion demo draws and steps: one droplet\'s path first, then the erosion layer', async () => {
  const { page, problems } = fx.session;
  await page.locator(section).scrollIntoViewIfNeeded();
  // The defaults (30 000 droplets on 257 x 257) with a pinned seed: how long a refresh takes.
  const asked = Date.now();
  await setFields(page, id, { droplets: '30000', seed: '7' });
  const finished = await inspect(page, id);
  console.log(`# erosion at its defaults: ${Date.now() - asked} ms from Enter until drawn`);
  assert.equal(finished.state, 'ready');
  assert.ok(finished.drawn > 0.05, JSON.stringify(finished));
  const facts = await page.$eval(section, (s) => ({
    steps: Number(s.dataset.steps),
    views: [...s.querySelectorAll('select[name="view"] option')].map((o) => o.value),
  }));
  assert.equal(facts.steps, 8 + 11 + 1, 'eight droplets one at a time, then 16 ... 16384, then all');
  assert.deepEqual(facts.views, ['terrain', 'land', 'wireframe', 'map', 'creases', 'water', 'water-3d', 'erosion', 'slope']);

  await page.selectOption(`${section} select[name="view"]`, 'map');
  await scrub(page, id, 0);
  assert.deepEqual(await colours(page), { path: 0, removed: 0, laid: 0 }, 'step 0: the bare terrain');
  const one = await scrub(page, id, 1);
  const caption = await page.$eval(`${section} .step-caption`, (c) => c.textContent);
  assert.match(caption, /^Step 1 of 20: droplet 1 of 30000, its path in magenta/);
  const trail = await colours(page);
  assert.ok(trail.path >= 20, `one droplet's path drawn: ${JSON.stringify(trail)}`);
  assert.ok(trail.removed > 0 || trail.laid > 0, `and the ground it changed: ${JSON.stringify(trail)}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'erosion-one-droplet.png') });
  assert.notEqual(one.hash, finished.hash);

  // The Erosion view: everything removed and laid since the first droplet, by how much (a ramp
  // from the map's grey to orange or blue).
  await page.selectOption(`${section} select[name="view"]`, 'erosion');
  await scrub(page, id, 0);
  const tones = () => changeTones(page, id);
  const bare = await tones();
  assert.equal(bare.removed + bare.laid, 0, 'nothing changed yet');
  await scrub(page, id, facts.steps);
  const layer = await tones();
  assert.ok(layer.removed > 1000 && layer.laid > 1000, `the layer: ${JSON.stringify(layer)}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'erosion-layer.png') });
  assert.equal((await inspect(page, id)).generation, finished.generation, 'stepping regenerates nothing');
  await page.selectOption(`${section} select[name="view"]`, 'terrain');
  await drawn(page, id);
  assert.deepEqual(problems, []);
});

test('a download is byte for byte what `terrain erode` writes from the same Diamond-Square map', async () => {
  const { page } = fx.session;
  await setFields(page, id, { exponent: '7', droplets: '5000', inertia: '0.1', seed: '11' });
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-erosion-'));
  const base = join(scratch, 'ds.r32');
  terrain(['ds', '--exponent', '7', '--seed', '11', '--out', base]);
  for (const format of ['r32', 'png']) {
    const file = await download(page, id, format);
    assert.equal(file.name, `ds-eroded-e7-seed-11.${format}`);
    const out = join(scratch, `eroded.${format}`);
    terrain(['erode', '--in', base, '--droplets', '5000', '--inertia', '0.1', '--seed', '11', '--out', out]);
    assert.ok(file.bytes.equals(await readFile(out)), `${format}: the same bytes`);
  }
});

test('bad fields are refused next to the field and the terrain stays', async () => {
  const { page } = fx.session;
  const kept = await inspect(page, id);
  for (const [name, value, says] of [
    ['droplets', '0', /^Droplets must be a whole number from 1 to 2000000/],
    ['inertia', '1.5', /^Inertia must be a number from 0 to 1/],
    ['erosion', 'lots', /^Erosion must be a number from 0 to 1/],
    ['deposition', '', /^Deposition must be a number from 0 to 1, but it is empty/],
  ]) {
    await page.fill(`${section} [name="${name}"]`, value);
    await page.press(`${section} [name="${name}"]`, 'Enter');
    const refused = await inspect(page, id);
    const message = await describedBy(page, id, name);
    assert.match(message, says, `${name}: ${message}`);
    assert.equal(refused.state, 'error');
    assert.equal(refused.hash, kept.hash, `${name}: the last good terrain stays`);
    await page.fill(`${section} [name="${name}"]`, { droplets: '5000', inertia: '0.1', erosion: '0.3', deposition: '0.3' }[name]);
  }
  await page.press(`${section} [name="seed"]`, 'Enter');
  await settle(page, id);
});

timedTest('100 000 droplets on 513 x 513: before and after, no main-thread task over 100 ms', async () => {
  const { page } = fx.session;
  await watchLongTasks(page);
  await setFields(page, id, { exponent: '9', droplets: '1', inertia: '0.05', seed: '3' });
  await page.selectOption(`${section} select[name="view"]`, 'terrain');
  await drawn(page, id);
  await unwatched(page, () => page.locator(section).screenshot({ path: join(ARTIFACTS, 'erosion-before.png') }));
  const started = Date.now();
  await setFields(page, id, { droplets: '100000' });
  const took = Date.now() - started;
  await drawn(page, id);
  await unwatched(page, () => page.locator(section).screenshot({ path: join(ARTIFACTS, 'erosion-after-100000.png') }));
  const longest = await longestTask(page);
  console.log(`# erosion 100000 droplets on 513x513: ${took} ms until drawn, longest main-thread task ${longest} ms, ${await taskSpans(page)}`);
  assert.ok(longest <= 100, `longest main-thread task ${longest} ms (${await taskSpans(page)})`);
  assert.deepEqual(fx.session.problems, []);
});
