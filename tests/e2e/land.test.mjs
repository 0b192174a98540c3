// End-to-end: the Land view. Offered on every map (not the 1-D profile); the lit 3-D land
// coloured by its materials (the worker's albedo of the shown points: grass and forest green,
// rock grey, snow white, riverbeds, with the lakes and rivers in blue on it), lit by a sun the
// reader sets with `<input name="sun">`, whose cast shadows darken more of the land at a low sun
// than at a high one. On compose, erosion, uplift and real land; and at the erosion demo's
// defaults the land before the droplets and after them differ in the 3-D view. Compose's
// material fields (snow line, tree line, sand level, rock slope) move its land's colours, not
// its heights, and a bad value is refused next to its field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, DEMO_IDS, canvasPixels, countColours, drawn, inspect, scrub, settle, suite, section, setView,
  setField,
} from './harness.mjs';

const fx = suite();

/** Drawn pixels (not the sky) by kind: green land, and dark (in shadow or facing away). */
const KINDS = {
  green: (r, g, b) => g > r + 8 && g > b + 8,
  dark: (r, g, b) => r + g + b < 150,
};

/** The land's white pixels (snow) in a canvas's `pixels`, the sky (its first pixel) apart. */
function snowOn({ data }) {
  const sky = data.slice(0, 3);
  let snow = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    const land = Math.abs(r - sky[0]) + Math.abs(g - sky[1]) + Math.abs(b - sky[2]) > 24;
    if (land && Math.min(r, g, b) > 180 && Math.max(r, g, b) - Math.min(r, g, b) < 30) snow++;
  }
  return snow;
}

/** Sets demo `id`'s sun to `degrees` and resolves to its canvas's pixel counts once drawn. */
async function underSun(page, id, degrees) {
  await page.$eval(`${section(id)} input[name="sun"]`, (input, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, degrees);
  await page.waitForFunction(
    ([sel, value]) => document.querySelector(sel).dataset.sun === String(value), [section(id), degrees],
  );
  await drawn(page, id);
  const facts = await inspect(page, id);
  return { ...countColours(await canvasPixels(page, id), KINDS), drawn: facts.drawn };
}

test('the Land view is offered on every map and not on the profile, its sun only while it shows', async () => {
  const { page } = fx.session;
  for (const id of DEMO_IDS) {
    const options = await page.$$eval(`${section(id)} select[name="view"] option`, (o) => o.map((x) => [x.value, x.textContent]));
    const land = options.find(([value]) => value === 'land');
    assert.equal(Boolean(land), id !== 'line-1d', `${id}: ${options}`);
    if (land) assert.match(land[1], /^Land/);
  }
  const sun = `${section('ds-final')} input[name="sun"]`;
  await page.locator(section('ds-final')).scrollIntoViewIfNeeded();
  assert.equal(await page.$eval(sun, (i) => i.closest('label').hidden), true, 'hidden in the terrain view');
  await setView(page, 'ds-final', 'land');
  assert.equal(await page.$eval(sun, (i) => i.closest('label').hidden), false, 'shown in the land view');
  assert.deepEqual(await page.$eval(sun, (i) => [i.min, i.max, i.value]), ['5', '85', '35']);
  await setView(page, 'ds-final', 'terrain');
  assert.equal(await page.$eval(sun, (i) => i.closest('label').hidden), true);
});

test('the land is green where it grows, and a low sun darkens more of it than a high one', async () => {
  const { page, problems } = fx.session;
  const seen = {};
  for (const id of ['compose', 'erosion', 'uplift', 'real-land']) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    // The land is the first view of these four: the bare terrain to compare it with.
    const terrain = await setView(page, id, 'terrain');
    const shown = await setView(page, id, 'land');
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.water === 'routed', section(id));
    await drawn(page, id);
    const land = await inspect(page, id);
    assert.equal(land.generation, terrain.generation, `${id}: a view change regenerates nothing`);
    assert.ok(land.drawn > 0.1 && Math.abs(land.drawn - terrain.drawn) < 0.05, `${id}: drawn ${land.drawn} against ${terrain.drawn}`);
    assert.notEqual(land.hash, terrain.hash, `${id}: another picture than the terrain's`);
    const alt = await page.$eval(`${section(id)} canvas`, (c) => c.getAttribute('aria-label'));
    assert.match(alt, /coloured by what covers it/, id);
    const low = await underSun(page, id, 8);
    await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, `land-${id}-low-sun.png`) });
    const high = await underSun(page, id, 80);
    await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, `land-${id}-high-sun.png`) });
    seen[id] = { low, high, drawn: shown.drawn };
    // Uplift's needles are steep everywhere: a high sun grazes their faces as a low one lights
    // the faces towards it, so its canvas darkens little either way (its figures are logged).
    if (id !== 'uplift') {
      assert.ok(low.dark > high.dark * 1.2 + 100, `${id}: more in shadow at a low sun: ${JSON.stringify(seen[id])}`);
    }
    await underSun(page, id, 35);
    await setView(page, id, 'terrain');
  }
  console.log(`# land under a low and a high sun: ${JSON.stringify(seen)}`);
  // Where the land is gentle enough to grow (the eroded map, real land), much of it is green.
  for (const id of ['erosion', 'real-land']) {
    assert.ok(seen[id].high.green > 2000, `${id}: green ${JSON.stringify(seen[id].high)}`);
  }
  assert.deepEqual(problems, []);
});

test('at the erosion demo\'s defaults the land before and after the droplets differs in the 3-D view', async () => {
  const { page, problems } = fx.session;
  const id = 'erosion';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setView(page, id, 'land');
  const last = await page.$eval(`${section(id)} input[name="step"]`, (input) => Number(input.max));
  const pictures = [];
  for (const step of [0, last]) {
    await scrub(page, id, step);
    await settle(page, id);
    await drawn(page, id);
    pictures.push(await canvasPixels(page, id));
  }
  // The land's pixels (not the sky) whose colour moved by more than 30 of 765: channels cut,
  // rivers gathered, the materials the cut ground now takes.
  const [before, after] = pictures;
  const sky = before.data.slice(0, 3);
  let land = 0;
  let moved = 0;
  for (let i = 0; i < before.data.length; i += 4) {
    const off = (d) => Math.abs(d[i] - sky[0]) + Math.abs(d[i + 1] - sky[1]) + Math.abs(d[i + 2] - sky[2]) > 9;
    if (!off(before.data) && !off(after.data)) continue;
    land++;
    const change = [0, 1, 2].reduce((sum, c) => sum + Math.abs(before.data[i + c] - after.data[i + c]), 0);
    if (change > 30) moved++;
  }
  console.log(`# erosion at its defaults, steps 0 and ${last}: ${moved} of ${land} land pixels changed`);
  assert.ok(moved > 0.2 * land, `${moved} of ${land} land pixels changed`);
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

test('compose\'s snow line brings the snow lower on the same heights; a bad value is refused at its field', async () => {
  const { page, problems } = fx.session;
  const id = 'compose';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setView(page, id, 'land');
  // The land's colours come with the routing, after the terrain: read once both are drawn.
  await settle(page, id);
  await drawn(page, id);
  const field = `${section(id)} [name="snow-line"]`;
  assert.equal(await page.$eval(field, (input) => input.value), '0.78');
  const before = { snow: snowOn(await canvasPixels(page, id)), facts: await inspect(page, id) };
  await setField(page, id, 'snow-line', '0.35', { wait: true });
  await settle(page, id);
  await drawn(page, id);
  const after = { snow: snowOn(await canvasPixels(page, id)), facts: await inspect(page, id) };
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'land-compose-snow-line.png') });
  console.log(`# compose's snow at 0.78 and 0.35 of the range: ${before.snow} and ${after.snow} pixels`);
  assert.ok(after.snow > before.snow * 2 + 500, `more snow: ${before.snow} then ${after.snow}`);
  assert.equal(after.facts.alert, '');
  assert.match(await page.$eval(section(id), (s) => s.dataset.command), /^terrain ds /, 'the command is the heights\' own');
  // Refused next to the field; the land shown stays.
  await setField(page, id, 'snow-line', '2');
  await page.waitForFunction((sel) => document.querySelector(sel).getAttribute('aria-invalid') === 'true', field);
  const refused = await inspect(page, id);
  assert.match(refused.alert, /snow-line must be a number from 0 to 1/i);
  assert.equal(refused.generation, after.facts.generation, 'nothing made of a refused value');
  await setField(page, id, 'snow-line', '0.78', { wait: true });
  assert.equal(await page.$eval(field, (input) => input.getAttribute('aria-invalid')), null);
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});
