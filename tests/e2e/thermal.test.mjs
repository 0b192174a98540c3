// End-to-end: thermal erosion. The demo steps through 1, 2, 4 ... rounds with the cells still
// steeper than the talus in magenta (outlined, dotted inside, the land showing through) and the caption counting the steep pairs and giving Olsen's
// erosion score (measured in the worker), and the Erosion view shows what slid since the base; a download is the bytes `terrain ds --then thermal`
// writes; bad fields are refused next to the field and the terrain stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, inspect, settle, terrain, download, canvasPixels, countColours, suite, scrub,
  setFields, setView, nextFrames, describedBy, changeTones,
} from './harness.mjs';

const id = 'thermal';
const section = `section[data-demo="${id}"]`;
const fx = suite();

/** The magenta pixels of the demo's canvas. */
async function magenta(page) {
  await nextFrames(page);
  return countColours(await canvasPixels(page, id), { m: (r, g, b) => r - g > 50 && b - g > 40 }).m;
}

/** The caption at the step shown, and the share of steep pairs it gives. */
async function caption(page) {
  const text = await page.$eval(`${section} .step-caption`, (c) => c.textContent);
  const share = text.match(/([\d.]+) % of neighbouring pairs steeper than the talus/);
  return { text, share: share ? Number(share[1]) : NaN };
}

test('the thermal demo steps through the rounds, steep cells in magenta, the caption measuring', async () => {
  const { page, problems } = fx.session;
  await page.locator(section).scrollIntoViewIfNeeded();
  await setFields(page, id, { seed: '7' });
  const finished = await inspect(page, id);
  assert.equal(finished.state, 'ready');
  assert.ok(finished.drawn > 0.05, JSON.stringify(finished));
  const steps = await page.$eval(section, (s) => Number(s.dataset.steps));
  assert.equal(steps, 9, '1, 2, 4 ... 256 rounds');
  // The Land view, where the demo opens, draws the cells still steep over the land too.
  assert.ok(await magenta(page) > 0, 'the last step marks its steep cells in the Land view');

  await setView(page, id, 'map');
  await scrub(page, id, 0);
  const start = await caption(page);
  assert.match(start.text, /^Start \(step 0 of 9\): the Diamond-Square terrain before anything slides; magenta marks the cells steeper than the 35° talus\. [\d.]+ % of neighbouring pairs steeper than the talus; Olsen's erosion score \(spread of slopes over their mean\) \d\.\d{3}$/);
  // Every step whose caption counts steep pairs shows them, the last step's too.
  const marked = [];
  for (let step = 0; step <= steps; step++) {
    await scrub(page, id, step);
    const { share } = await caption(page);
    const m = await magenta(page);
    marked.push(m);
    if (share > 0) assert.ok(m > 0, `step ${step}: ${share} % steep, ${m} magenta pixels`);
  }
  await scrub(page, id, 1);
  const first = await caption(page);
  assert.match(first.text, /^Step 1 of 9: 1 round of sliding towards the 35° talus; magenta marks the cells still steeper than it\. /);
  const early = await magenta(page);
  assert.ok(early > 500, `cells still steep after one round: ${early} magenta pixels`);
  // The marks outline the steep ground and dot its inside: the land still shows under them.
  const { drawn } = await inspect(page, id);
  const terrainPixels = drawn * (await page.$eval(`${section} canvas`, (c) => c.width * c.height));
  assert.ok(early < terrainPixels / 2, `the land covers at least half the terrain: ${early} magenta of ${Math.round(terrainPixels)}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'thermal-round-1.png') });
  await scrub(page, id, 8);
  const late = await caption(page);
  assert.match(late.text, /^Step 8 of 9: 128 rounds of sliding/);
  const settled = await magenta(page);
  assert.ok(settled < early, `fewer steep cells after 128 rounds: ${settled} against ${early}`);
  assert.ok(late.share < first.share && first.share < start.share,
    `the share of steep pairs falls: ${start.share}, ${first.share}, ${late.share}`);
  assert.ok(marked[steps] < marked[0], `fewer marks at the end than at the start: ${marked}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'thermal-round-128.png') });
  // The Erosion view compares each step with the base (step 0): nothing changed there, ridges
  // lowered (orange) and their feet raised (blue) after the rounds.
  await setView(page, id, 'erosion');
  const tones = async () => {
    await nextFrames(page);
    return changeTones(page, id);
  };
  await scrub(page, id, 0);
  const bare = await tones();
  assert.equal(bare.removed + bare.laid, 0, `nothing changed at the start: ${JSON.stringify(bare)}`);
  await scrub(page, id, steps);
  const slid = await tones();
  assert.ok(slid.removed > 300 && slid.laid > 300, `what slid, and where to: ${JSON.stringify(slid)}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'thermal-change.png') });
  assert.equal((await inspect(page, id)).generation, finished.generation, 'stepping regenerates nothing');
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

test('a download is byte for byte what `terrain ds --then thermal` writes', async () => {
  const { page } = fx.session;
  await setFields(page, id, { exponent: '7', iterations: '40', talus: '30', rate: '0.4', seed: '11' });
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-thermal-'));
  const file = await download(page, id, 'r32');
  assert.equal(file.name, 'ds-thermal-e7-seed-11.r32');
  const out = join(scratch, 'thermal.r32');
  terrain(['ds', '--exponent', '7', '--seed', '11', '--out', out,
    '--then', 'thermal', '--iterations', '40', '--talus', '30', '--rate', '0.4']);
  assert.ok(file.bytes.equals(await readFile(out)), 'the same bytes');
});

test('bad fields are refused next to the field and the terrain stays', async () => {
  const { page } = fx.session;
  const kept = await inspect(page, id);
  for (const [name, value, says] of [
    ['talus', '95', /^Talus must be a number from 1 to 89/],
    ['talus', '', /but it is empty/],
    ['iterations', '0', /^Iterations must be a whole number from 1 to 10000/],
    ['iterations', '2.5', /^Iterations must be a whole number/],
    ['rate', 'lots', /^Rate must be a number from 0.01 to 0.5/],
  ]) {
    await page.fill(`${section} [name="${name}"]`, value);
    await page.press(`${section} [name="${name}"]`, 'Enter');
    const refused = await inspect(page, id);
    const message = await describedBy(page, id, name);
    assert.match(message, says, `${name} ${JSON.stringify(value)}: ${message}`);
    assert.equal(refused.state, 'error');
    assert.equal(refused.hash, kept.hash, `${name}: the last good terrain stays`);
    await page.fill(`${section} [name="${name}"]`, { talus: '30', iterations: '40', rate: '0.4' }[name]);
  }
  await page.press(`${section} [name="seed"]`, 'Enter');
  await settle(page, id);
});
