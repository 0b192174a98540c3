// End-to-end: uplift and rivers. The demo steps through time (1, 2, 4 ... time steps), each
// caption giving the time, the highest peak and how far it still moved; its download is the
// bytes `terrain uplift` writes; its rivers' concavity, in the How-real panel, is the model's m,
// and the panel's slope-area plot draws it beside real land's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACTS, inspect, settle, terrain, download, suite, scrub, setFields, describedBy } from './harness.mjs';

const id = 'uplift';
const section = `section[data-demo="${id}"]`;
const fx = suite();

const caption = (page) => page.$eval(`${section} .step-caption`, (c) => c.textContent);

test('the uplift demo steps through time towards the steady state', async () => {
  const { page, problems } = fx.session;
  await page.locator(section).scrollIntoViewIfNeeded();
  await setFields(page, id, { exponent: '7', steps: '64', m: '0.45', seed: '3' });
  const finished = await inspect(page, id);
  assert.equal(finished.state, 'ready');
  assert.equal(await page.$eval(section, (s) => s.dataset.steps), '7', '1, 2, 4 ... 64 time steps');
  await scrub(page, id, 0);
  assert.match(await caption(page), /^Start \(step 0 of 7\): near-flat random ground, before any uplift\. highest peak 0\.00/);
  await scrub(page, id, 1);
  const early = await caption(page);
  assert.match(early, /^Step 1 of 7: 1 time step, time 10\. highest peak [\d.]+, moved [\d.]+ % in the last time step$/);
  await scrub(page, id, 7);
  const late = await caption(page);
  assert.match(late, /^Step 7 of 7: 64 time steps, time 640\. /);
  const moved = (text) => Number(text.match(/moved ([\d.]+) %/)[1]);
  assert.ok(moved(late) < moved(early), `the peak settles: ${moved(early)} % then ${moved(late)} %`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'uplift-steady.png') });
  assert.deepEqual(problems, []);
});

test("the download is terrain uplift's bytes; its rivers' concavity is m, plotted beside real land's", async () => {
  const { page } = fx.session;
  const file = await download(page, id, 'r32');
  assert.equal(file.name, 'uplift-e7-seed-3.r32');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-uplift-')), 'uplift.r32');
  terrain(['uplift', '--exponent', '7', '--steps', '64', '--m', '0.45', '--seed', '3', '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), 'the same bytes');
  await page.click(`${section} details.realism > summary`);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.realism, section, { timeout: 60_000 });
  const realism = JSON.parse(await page.$eval(section, (s) => s.dataset.realism));
  assert.ok(Math.abs(realism.concavity - 0.45) < 0.05, `concavity ${realism.concavity}`);
  assert.equal(realism.pits_per_1000, 0, 'every cell drains');
  // The rivers' other two measures: a random tree would give them too, so only what any river
  // network gives: a length growing slower than area, and at least two streams of each order
  // starting every stream of the next (at 129² the orders are few, so the ratio is noisy).
  assert.ok(realism.hack > 0.3 && realism.hack < 1, `hack ${realism.hack}`);
  assert.ok(realism.bifurcation >= 2, `bifurcation ${realism.bifurcation}`);
  // The slope-area plot: a dot per bin of this map, real land's squares, both fitted lines, and
  // the two concavities in words.
  const plot = await page.$eval(`${section} details.realism [data-plot="slope-area"]`, (f) => ({
    here: f.querySelectorAll('svg .here').length,
    real: f.querySelectorAll('svg .real').length,
    fits: f.querySelectorAll('svg .fit').length,
    title: f.querySelector('svg text').textContent,
    width: f.querySelector('svg').getBoundingClientRect().width,
  }));
  assert.ok(plot.here >= 5, `${plot.here} bins of this map`);
  assert.equal(plot.real, 13);
  assert.equal(plot.fits, 2);
  assert.equal(plot.title, `θ = ${realism.concavity.toFixed(2)} here, 0.22 on real land`);
  assert.ok(plot.width > 200, `the plot is drawn ${plot.width} px wide`);
  await page.locator(`${section} details.realism [data-plot="slope-area"]`).screenshot({ path: join(ARTIFACTS, 'uplift-slope-area.png') });
});

test("routing, diffusion and deposition are fields: each land the command's bytes; a bad deposition refused next to its field", async () => {
  const { page, problems } = fx.session;
  const names = await page.$$eval(`${section} form.controls [name]`, (fields) => fields.map((f) => f.name));
  for (const name of ['routing', 'diffusion', 'deposition']) assert.ok(names.includes(name), `${name} among ${names}`);
  await page.locator(section).scrollIntoViewIfNeeded();
  await setFields(page, id, { exponent: '7', steps: '64', m: '0.45', seed: '3' });
  const d8 = await inspect(page, id);
  await page.selectOption(`${section} select[name="routing"]`, 'mfd');
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, d8.generation]);
  await settle(page, id);
  const mfd = await inspect(page, id);
  assert.notEqual(mfd.hash, d8.hash, 'water shared over every lower neighbour makes other land');
  // Valleys that fill, hillslopes that round, with water that spreads: the command's bytes.
  await setFields(page, id, { deposition: '1', diffusion: '0.05' });
  const filled = await inspect(page, id);
  assert.notEqual(filled.hash, mfd.hash);
  const file = await download(page, id, 'r32');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-uplift-mfd-')), 'uplift.r32');
  terrain(['uplift', '--exponent', '7', '--steps', '64', '--m', '0.45', '--routing', 'mfd', '--diffusion', '0.05',
    '--deposition', '1', '--seed', '3', '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), 'the same bytes as --routing mfd --diffusion 0.05 --deposition 1');
  // A deposition past 10: refused next to its field, the terrain kept.
  await page.fill(`${section} [name="deposition"]`, '11');
  await page.press(`${section} [name="deposition"]`, 'Enter');
  await page.waitForFunction((sel) => document.querySelector(`${sel} [name="deposition"]`).getAttribute('aria-invalid') === 'true', section);
  assert.match(await describedBy(page, id, 'deposition'), /Deposition must be a number from 0 to 10/);
  assert.equal((await inspect(page, id)).hash, filled.hash, 'the last good terrain stays');
  await page.selectOption(`${section} select[name="routing"]`, 'd8');
  await setFields(page, id, { deposition: '0', diffusion: '0' });
  assert.equal((await inspect(page, id)).hash, d8.hash, 'd8 without deposition or diffusion is the first land again');
  assert.deepEqual(problems, []);
});
