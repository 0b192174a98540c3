// End-to-end: where water goes. The Water view draws lakes and rivers over the relief on every
// 2-D demo; on the eroded map its rivers lie in valleys (lower than the cells around them, read
// from the page's own height download) and grow as the droplets fall; the flow downloads are
// byte for byte what `terrain flow` writes from the page's map. The Erosion view shows by how
// much ground changed, with a legend.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, DEMO_IDS, inspect, canvasPixels, countColours, download, terrain, suite, section, scrub, setView,
  setField, setFields,
  timedTest, watchLongTasks, longestTask, unwatched,
} from './harness.mjs';

const MAPS = DEMO_IDS.filter((id) => id !== 'line-1d');
// A river pixel: bright blue; a lake pixel: deep blue.
const WATER = {
  river: (r, g, b) => b > 195 && g > 115 && b - r > 120,
  lake: (r, g, b) => b < 185 && b - r > 55 && g < 115,
};


const fx = suite();

test('the Water view draws lakes and rivers over the relief on every 2-D demo', async () => {
  const { page, problems } = fx.session;
  const seen = {};
  for (const id of MAPS) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    const options = await page.$$eval(`${section(id)} select[name="view"] option`, (o) => o.map((x) => x.value));
    assert.ok(options.includes('water'), `${id} offers the Water view: ${options}`);
    const before = await inspect(page, id);
    const shown = await setView(page, id, 'water');
    assert.ok(shown.drawn > 0.2, `${id}: drawn ${shown.drawn}`);
    assert.equal(shown.generation, before.generation, `${id}: a view change regenerates nothing`);
    seen[id] = countColours(await canvasPixels(page, id), WATER);
    const alt = await page.$eval(`${section(id)} canvas`, (c) => c.getAttribute('aria-label'));
    assert.match(alt, /lakes and rivers/, id);
  }
  console.log(`# water pixels per demo: ${JSON.stringify(seen)}`);
  // Every map big enough to gather water shows rivers (the step demos are a few points wide).
  for (const id of ['random', 'mpd-final', 'ds-final', 'fault-lines', 'fault-shapes', 'creases', 'erosion']) {
    assert.ok(seen[id].river > 50, `${id} has rivers: ${JSON.stringify(seen[id])}`);
  }
  assert.ok(MAPS.some((id) => seen[id].lake > 0), 'some map has a lake');
  for (const id of ['ds-final', 'fault-shapes', 'erosion']) {
    await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, `water-${id}.png`) });
  }
  const lines = await page.$$eval(`${section('line-1d')} select[name="view"] option`, (o) => o.map((x) => x.value));
  assert.ok(!lines.includes('water'), 'a profile has no Water view');
  for (const id of MAPS) await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

/** The shown point at the center of each river pixel block of a `side` x `side` map view. */
function riverCells(pixels, side) {
  const { width, height, data } = pixels;
  // As MapLayout::new lays out a square grid: room for 0.7 cells, and at least 7 px, each side.
  const cell = Math.min(width / (side + 1.4), height / (side + 1.4), (width - 14) / side, (height - 14) / side);
  const left = (width - cell * side) / 2;
  const top = (height - cell * side) / 2;
  const cells = [];
  for (let z = 0; z < side; z++) {
    for (let x = 0; x < side; x++) {
      const px = Math.floor(left + (x + 0.5) * cell);
      const py = Math.floor(top + (z + 0.5) * cell);
      const i = (py * width + px) * 4;
      if (WATER.river(data[i], data[i + 1], data[i + 2])) cells.push([x, z]);
    }
  }
  return cells;
}

test('the long-task watch sees a stall of the page, from a new start and not in unwatched work', async () => {
  const { page } = fx.session;
  await watchLongTasks(page);
  const stall = (ms) => page.evaluate((length) => new Promise((done) => {
    setTimeout(() => {
      // Busy on purpose, in a task of its own: the stall the timed tests must never see.
      const began = performance.now();
      while (performance.now() - began < length);
      setTimeout(done, 100);
    }, 0);
  }), ms);
  await stall(120);
  const seen = await longestTask(page);
  assert.ok(seen >= 120, `the watch saw the stall (${seen} ms)`);
  await watchLongTasks(page);
  assert.equal(await longestTask(page), 0, 'watched again, the stall before is not counted');
  await unwatched(page, () => stall(150));
  await stall(110);
  const after = await longestTask(page);
  assert.ok(after >= 110 && after < 150, `the stall in unwatched work is left out, the one after counted (${after} ms)`);
});

timedTest('on the eroded map the rivers lie in valleys and grow as the droplets fall, no main-thread task over 100 ms', async () => {
  const { page, problems } = fx.session;
  const id = 'erosion';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await page.fill(`${section(id)} [name="seed"]`, '7');
  await page.press(`${section(id)} [name="seed"]`, 'Enter');
  const done = await inspect(page, id);
  const steps = await page.$eval(section(id), (s) => Number(s.dataset.steps));
  // Routing the shown points runs on the main thread when the view draws: watch its tasks.
  await watchLongTasks(page);
  await setView(page, id, 'water');
  const rivers = riverCells(await canvasPixels(page, id), 257);
  await unwatched(page, () => page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'water-eroded.png') }));
  // The heights on screen, from the page's own download (the full map is the shown grid).
  const file = await download(page, id, 'r32');
  const bytes = file.bytes;
  const h = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  assert.equal(h.length, 257 * 257);
  let lower = 0;
  let counted = 0;
  for (const [x, z] of rivers) {
    if (x < 4 || z < 4 || x > 252 || z > 252) continue;
    let sum = 0;
    for (let dz = -4; dz <= 4; dz++) for (let dx = -4; dx <= 4; dx++) sum += h[(z + dz) * 257 + x + dx];
    counted++;
    if (h[z * 257 + x] < sum / 81) lower++;
  }
  console.log(`# erosion demo, seed 7: ${lower} of ${counted} river cells lie below the 9 x 9 cells around them`);
  assert.ok(counted > 500, `rivers drawn: ${counted}`);
  assert.ok(lower > 0.7 * counted, `${lower} of ${counted} river cells lie in valleys`);
  // Stepping back to the first droplets: fewer river cells than at the end.
  await scrub(page, id, 1);
  const early = riverCells(await canvasPixels(page, id), 257).length;
  await scrub(page, id, steps);
  const late = riverCells(await canvasPixels(page, id), 257).length;
  console.log(`# river cells after one droplet ${early}, after all ${late}`);
  assert.notEqual(early, late, 'the rivers change as the droplets fall');
  const longest = await longestTask(page);
  console.log(`# longest main-thread task while drawing and stepping the Water view: ${longest} ms`);
  assert.ok(longest <= 100, `no main-thread task over 100 ms (${longest} ms)`);
  assert.equal((await inspect(page, id)).generation, done.generation);
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

test('the Erosion view shows by how much the ground changed, with a legend', async () => {
  const { page, problems } = fx.session;
  const id = 'erosion';
  // Seed 7, as the test before sets it: that one times the main thread, so the test command's
  // lanes skip it (it runs alone first), and this one must not lean on its seed.
  await setField(page, id, 'seed', '7', { wait: true });
  const steps = await page.$eval(section(id), (s) => Number(s.dataset.steps));
  await setView(page, id, 'erosion');
  await scrub(page, id, steps);
  const tones = countColours(await canvasPixels(page, id), {
    strongRemoved: (r, g, b) => r > 230 && g > 100 && g < 140 && b < 30,
    removed: (r, g, b) => r - b > 40,
    strongLaid: (r, g, b) => b > 230 && r < 50,
    laid: (r, g, b) => b - r > 40,
  });
  console.log(`# erosion view tones: ${JSON.stringify(tones)}`);
  assert.ok(tones.removed > 1000 && tones.laid > 1000, JSON.stringify(tones));
  assert.ok(tones.removed > 10 * tones.strongRemoved, 'most change is weaker than the largest');
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'erosion-amounts.png') });
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

test('the flow downloads are byte for byte what `terrain flow` writes from the page\'s map', async () => {
  const { page, problems } = fx.session;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-flow-'));
  for (const id of ['erosion', 'fault-shapes']) {
    const heights = await download(page, id, 'r32');
    const input = join(scratch, `${id}.r32`);
    await writeFile(input, heights.bytes);
    for (const format of ['png', 'r32']) {
      const file = await download(page, id, `flow.${format}`);
      assert.match(file.name, new RegExp(`\\.flow\\.${format}$`));
      const out = join(scratch, `${id}-flow.${format}`);
      // A square map needs no width; another is as wide as the demo's width field.
      const width = await page.$eval(section(id), (s) => s.querySelector('input[name="width"]')?.value ?? '');
      terrain(['flow', '--in', input, ...(width ? ['--width', width] : []), '--out', out]);
      assert.ok(file.bytes.equals(await readFile(out)), `${id} flow.${format}: the same bytes as terrain flow`);
    }
  }
  assert.deepEqual(problems, []);
});

test('a point picked in the Water view shows its path and catchment, as the flow download counts it', async () => {
  const { page, problems } = fx.session;
  const id = 'mpd-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'exponent', '7', { wait: true });
  await setField(page, id, 'seed', '31', { wait: true });
  await setView(page, id, 'water');
  const before = countColours(await canvasPixels(page, id), { path: (r, g, b) => r > 200 && g < 60 && b > 100 });
  assert.equal(before.path, 0, 'nothing picked yet');
  // A click a little below and left of the middle picks the point under it.
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.6);
  await page.waitForFunction((sel) => Boolean(document.querySelector(sel).dataset.picked), section(id));
  await inspect(page, id);
  const facts = () => page.$eval(section(id), (s) => ({
    picked: s.dataset.picked.split(',').map(Number),
    catchment: Number(s.dataset.catchment),
    caption: s.querySelector('.step-caption').textContent,
  }));
  const first = await facts();
  assert.match(first.caption, /^Water falling at \(\d+, \d+\) runs \d+ points downhill to the edge at \(\d+, \d+\), crossing (no lake|\d+ lakes?); (only its own point drains|\d+ points drain) through it/, first.caption);
  assert.ok(first.caption.includes(`(${first.picked[0]}, ${first.picked[1]})`), first.caption);
  const after = countColours(await canvasPixels(page, id), { path: (r, g, b) => r > 200 && g < 60 && b > 100 });
  assert.ok(after.path > 5, `the path is drawn: ${after.path} pixels`);
  // The arrow keys move the pick one point; the catchment is the flow the worker's full-map
  // routing counts at that cell (every cell of 129 x 129 is shown).
  await page.focus(`${section(id)} canvas`);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(([sel, x]) => document.querySelector(sel).dataset.picked.startsWith(`${x},`), [section(id), first.picked[0] + 1]);
  const moved = await facts();
  assert.deepEqual(moved.picked, [first.picked[0] + 1, first.picked[1]]);
  const flow = await download(page, id, 'flow.r32');
  const counts = new Float32Array(flow.bytes.buffer.slice(flow.bytes.byteOffset, flow.bytes.byteOffset + flow.bytes.length));
  for (const pick of [first, moved]) {
    assert.equal(pick.catchment, counts[pick.picked[1] * 129 + pick.picked[0]], `the catchment at ${pick.picked}`);
  }
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'water-picked.png') });
  await page.focus(`${section(id)} canvas`);
  await page.keyboard.press('Escape');
  await page.waitForFunction((sel) => !document.querySelector(sel).querySelector('.step-caption').textContent.startsWith('Water falling'), section(id));
  await inspect(page, id);
  const cleared = countColours(await canvasPixels(page, id), { path: (r, g, b) => r > 200 && g < 60 && b > 100 });
  assert.equal(cleared.path, 0, 'Escape lets the pick go');
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

/** Moves demo `id`'s flood stepper to `step` as its scrubber would; resolves once drawn. */
async function floodTo(page, id, step) {
  await page.$eval(`${section(id)} input[name="flood"]`, (input, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
  return inspect(page, id);
}

const FLOOD_COLOURS = {
  waiting: (r, g, b) => r > 200 && g < 40 && b > 110 && b < 170,
  taken: (r, g, b) => r > 120 && g > 105 && r - b > 40 && g - b > 25,
  lake: WATER.lake,
};

timedTest('the flood stepper shows Priority-Flood climbing from the border, then a pick, no main-thread task over 100 ms', async () => {
  const { page, problems } = fx.session;
  const id = 'ds-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'exponent', '7', { wait: true });
  await setField(page, id, 'seed', '12', { wait: true });
  const flood = () => page.$eval(section(id), (s) => ({
    hidden: s.querySelector('.flood').hidden,
    step: Number(s.dataset.flood),
    steps: Number(s.dataset.floodSteps),
    caption: s.querySelector('.step-caption').textContent,
  }));
  assert.equal((await flood()).hidden, true, 'the flood stepper shows in the Water view only');
  await watchLongTasks(page);
  const finished = await setView(page, id, 'water');
  const end = await flood();
  assert.deepEqual([end.hidden, end.step, end.steps], [false, 16, 16]);
  // Step 0: every border point of the 129 x 129 shown points waits, nothing is taken.
  await floodTo(page, id, 0);
  const start = await flood();
  assert.equal(start.step, 0);
  assert.match(start.caption, /^Flood, step 0 of 16: the 512 border points wait in the queue/, start.caption);
  const first = countColours(await canvasPixels(page, id), FLOOD_COLOURS);
  assert.ok(first.waiting > 100 && first.taken === 0, JSON.stringify(first));
  // The step button: a sixteenth of the points taken, lowest first.
  await page.click(`${section(id)} [data-action="flood-step"]`);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.flood === '1', section(id));
  const one = await flood();
  const [, taken, points] = one.caption.match(/^Flood, step 1 of 16: (\d+) of (\d+) points taken/) ?? [];
  assert.deepEqual([Number(taken), Number(points)], [Math.floor(129 * 129 / 16), 129 * 129], one.caption);
  // Half way: the taken ground and the queue's edge between it and the dry land.
  await floodTo(page, id, 8);
  const half = countColours(await canvasPixels(page, id), FLOOD_COLOURS);
  assert.ok(half.taken > 10 * first.waiting && half.waiting > 100, JSON.stringify(half));
  await unwatched(page, () => page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'water-flood.png') }));
  const late = await floodTo(page, id, 15);
  console.log(`# flood of ds-final e7 seed 12: step 0 ${JSON.stringify(first)}, 8 ${JSON.stringify(half)}; step 15: ${(await flood()).caption}`);
  // The last step is the finished Water view, exactly.
  const back = await floodTo(page, id, 16);
  assert.notEqual(late.hash, back.hash);
  assert.equal(back.hash, finished.hash, 'the last step is the Water view as it was');
  assert.ok(!(await flood()).caption.startsWith('Flood'));
  // Pointing at a point after the flood: its path and catchment.
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.waitForFunction((sel) => Boolean(document.querySelector(sel).dataset.picked), section(id));
  await inspect(page, id);
  const longest = await longestTask(page);
  console.log(`# longest main-thread task while stepping the flood and picking: ${longest} ms`);
  assert.ok(longest <= 100, `no main-thread task over 100 ms (${longest} ms)`);
  await page.keyboard.press('Escape');
  await setView(page, id, 'terrain');
  assert.equal((await flood()).hidden, true);
  assert.deepEqual(problems, []);
});

test('a catchment picked on real land', async () => {
  const { page, problems } = fx.session;
  const id = 'real-land';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setView(page, id, 'water');
  // A point on the widest river: the river pixel with the most river pixels around it.
  const pixels = await canvasPixels(page, id);
  const river = (x, y) => {
    const i = (y * pixels.width + x) * 4;
    return WATER.river(pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]);
  };
  let best = [0, 0, -1];
  for (let y = 6; y < pixels.height - 6; y += 2) {
    for (let x = 6; x < pixels.width - 6; x += 2) {
      if (!river(x, y)) continue;
      let around = 0;
      for (let dy = -6; dy <= 6; dy += 2) for (let dx = -6; dx <= 6; dx += 2) around += river(x + dx, y + dy);
      if (around > best[2]) best = [x, y, around];
    }
  }
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  const scale = box.width / pixels.width;
  await page.mouse.click(box.x + best[0] * scale, box.y + best[1] * scale);
  await page.waitForFunction((sel) => Boolean(document.querySelector(sel).dataset.picked), section(id));
  await inspect(page, id);
  // The river is drawn wider than its channel: the arrow keys walk the pick onto the channel,
  // each step to the neighbour most water drains through.
  const catchment = () => page.$eval(section(id), (s) => Number(s.dataset.catchment));
  const back = { ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft', ArrowUp: 'ArrowDown', ArrowDown: 'ArrowUp' };
  const press = async (key) => {
    const before = await page.$eval(section(id), (s) => s.dataset.picked);
    await page.keyboard.press(key);
    await page.waitForFunction(([sel, was]) => document.querySelector(sel).dataset.picked !== was, [section(id), before]);
  };
  for (let walk = 0; walk < 6; walk++) {
    const here = await catchment();
    let bestKey = null;
    let most = here;
    for (const key of Object.keys(back)) {
      await press(key);
      const there = await catchment();
      if (there > most) [most, bestKey] = [there, key];
      await press(back[key]);
    }
    if (!bestKey) break;
    await press(bestKey);
  }
  await inspect(page, id);
  const picked = await page.$eval(section(id), (s) => ({
    catchment: Number(s.dataset.catchment), caption: s.querySelector('.step-caption').textContent,
  }));
  console.log(`# real land, picked: ${picked.caption}`);
  assert.match(picked.caption, /^Water falling at \(\d+, \d+\) runs \d+ points downhill/, picked.caption);
  assert.ok(picked.catchment > 1000, `a river drains much of the land: ${picked.catchment}`);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'water-picked-real-land.png') });
  await page.keyboard.press('Escape');
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

test('the rivers download is terrain flow --rivers on the page\'s own map, byte for byte', async () => {
  const { page, problems } = fx.session;
  const id = 'ds-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'exponent', '7', { wait: true });
  await setField(page, id, 'seed', '44', { wait: true });
  const options = await page.$$eval(`${section(id)} select[name="format"] option`, (o) => o.map((e) => [e.value, e.textContent]));
  assert.ok(options.some(([value, text]) => value === 'rivers.geojson' && text === 'rivers .geojson'), JSON.stringify(options));
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-rivers-'));
  const map = await download(page, id, 'r32');
  const rivers = await download(page, id, 'rivers.geojson');
  assert.match(rivers.name, /^ds-e7-seed-44\.rivers\.geojson$/, rivers.name);
  await writeFile(join(scratch, 'page.r32'), map.bytes);
  terrain(['flow', '--in', join(scratch, 'page.r32'), '--out', join(scratch, 'flow.r32'), '--rivers', join(scratch, 'cli.geojson')]);
  assert.ok(rivers.bytes.equals(await readFile(join(scratch, 'cli.geojson'))), 'the same bytes as terrain flow --rivers');
  const geojson = JSON.parse(rivers.bytes.toString('utf8'));
  assert.equal(geojson.type, 'FeatureCollection');
  assert.ok(geojson.features.length > 3, `${geojson.features.length} rivers`);
  assert.ok(geojson.features.every((f) => f.geometry.type === 'LineString'));
  await page.selectOption(`${section(id)} select[name="format"]`, 'png');
  assert.deepEqual(problems, []);
});

/** Solves the 8 x 8 system for the homography taking `from[i]` to `to[i]` (four [x, y] pairs). */
function homography(from, to) {
  const rows = [];
  from.forEach(([x, y], i) => {
    const [u, v] = to[i];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  });
  for (let c = 0; c < 8; c++) {
    const p = rows.slice(c).reduce((best, r, k) => (Math.abs(r[c]) > Math.abs(rows[best][c]) ? c + k : best), c);
    [rows[c], rows[p]] = [rows[p], rows[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = rows[r][c] / rows[c][c];
      for (let k = c; k < 9; k++) rows[r][k] -= f * rows[c][k];
    }
  }
  const h = rows.map((r, c) => r[8] / r[c]);
  return ([x, y]) => {
    const w = h[6] * x + h[7] * y + 1;
    return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
  };
}

test('in water-3d the river pixels lie where the map view draws its rivers', async () => {
  const { page, problems } = fx.session;
  const id = 'erosion';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setFields(page, id, { droplets: '30000', seed: '7' });
  // The Water view's rivers, as shown points of the 257 x 257 grid, widened by 3 points: how far
  // a point on the ground may seem to move in a view from almost straight above (the camera
  // stops 2.6 to 6 degrees short of vertical, and heights stand up to a tenth of the map's
  // width, so a height shifts a point's picture by up to 0.03 of the width).
  await setView(page, id, 'water');
  const near = new Uint8Array(257 * 257);
  for (const [x, z] of riverCells(await canvasPixels(page, id), 257)) {
    for (let dz = -3; dz <= 3; dz++) for (let dx = -3; dx <= 3; dx++) {
      const [a, b] = [x + dx, z + dz];
      if (a >= 0 && b >= 0 && a < 257 && b < 257) near[b * 257 + a] = 1;
    }
  }
  // The lit terrain seen from (almost) straight above, from far enough to hold the whole map.
  await setView(page, id, 'terrain');
  // Typing in the fields scrolled them into view, and with their hints they sit far enough under
  // the canvas to take it off the screen: the drag below must land on the canvas.
  await page.locator(`${section(id)} canvas`).scrollIntoViewIfNeeded();
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.2);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.2 + i * 4);
  await page.mouse.up();
  await page.mouse.wheel(0, 1500);
  const bare = await canvasPixels(page, (await setView(page, id, 'terrain'), id));
  const wet = await canvasPixels(page, (await setView(page, id, 'water-3d'), id));
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'water-3d-above.png') });
  // The map's four corners on screen: the extreme points of what is not sky.
  const { width, data } = bare;
  const sky = [data[0], data[1], data[2]];
  const corners = { left: [1e9, 0], right: [-1, 0], top: [0, 1e9], bottom: [0, -1] };
  const rivers = [];
  for (let i = 0; i < data.length; i += 4) {
    const [px, py] = [(i / 4) % width, Math.floor(i / 4 / width)];
    if (Math.abs(data[i] - sky[0]) + Math.abs(data[i + 1] - sky[1]) + Math.abs(data[i + 2] - sky[2]) > 9) {
      if (px < corners.left[0]) corners.left = [px, py];
      if (px > corners.right[0]) corners.right = [px, py];
      if (py < corners.top[1]) corners.top = [px, py];
      if (py > corners.bottom[1]) corners.bottom = [px, py];
    }
    const riverNow = WATER.river(wet.data[i], wet.data[i + 1], wet.data[i + 2]);
    if (riverNow && !WATER.river(data[i], data[i + 1], data[i + 2])) rivers.push([px, py]);
  }
  assert.ok(rivers.length > 300, `river pixels on the land: ${rivers.length}`);
  // Which screen corner is which map corner depends on the camera's turn: every one of the
  // eight ways is tried, and only one may put the rivers on the map view's rivers.
  const screen = [corners.top, corners.right, corners.bottom, corners.left];
  const grid = [[0, 0], [256, 0], [256, 256], [0, 256]];
  const scores = [];
  for (const mirror of [false, true]) {
    for (let turn = 0; turn < 4; turn++) {
      const order = [0, 1, 2, 3].map((k) => grid[(mirror ? 4 - k + turn : k + turn) % 4]);
      const toGrid = homography(screen, order);
      const on = rivers.filter((p) => {
        const [x, z] = toGrid(p).map(Math.round);
        return x >= 0 && z >= 0 && x < 257 && z < 257 && near[z * 257 + x] === 1;
      }).length;
      scores.push(on / rivers.length);
    }
  }
  scores.sort((a, b) => b - a);
  console.log(`# water-3d from above: ${rivers.length} river pixels; share on the map view's rivers (within 3 points), best first: ${scores.map((v) => v.toFixed(3)).join(' ')}`);
  assert.ok(scores[0] >= 0.85, `the rivers on the land lie on the map view's: ${scores[0]}`);
  assert.ok(scores[1] <= scores[0] - 0.25, `and no other way of laying the map fits them as well: ${scores}`);
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});

test('water-3d draws the lakes and rivers on the lit terrain', async () => {
  const { page, problems } = fx.session;
  const id = 'erosion';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setFields(page, id, { droplets: '30000', seed: '7' });
  const bare = await setView(page, id, 'terrain');
  const bareBlue = countColours(await canvasPixels(page, id), WATER);
  const lit = await setView(page, id, 'water-3d');
  assert.equal(lit.generation, bare.generation, 'a view change regenerates nothing');
  assert.notEqual(lit.hash, bare.hash, 'the water is drawn');
  const blue = countColours(await canvasPixels(page, id), WATER);
  assert.ok(blue.river > bareBlue.river + 300, `river pixels on the land: ${JSON.stringify(blue)} against ${JSON.stringify(bareBlue)}`);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'erosion-water-3d.png') });
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});
