// End-to-end: painting the compose demo ("Make your own") with a paint step. A drag on the map
// paints a stroke and the steps after it run again; undo gives back the map byte for byte and
// redo brings the stroke back (buttons and Ctrl+Z / Ctrl+Shift+Z); the strokes download with
// data-command writes the page's bytes on the command line; a link carries the strokes; a one
// finger drag paints on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, inspect, settle, terrain, download, suite, openPage, setField,
} from './harness.mjs';

const id = 'compose';
const section = `section[data-demo="${id}"]`;
const fx = suite();

/** Waits for a terrain newer than generation `after`. */
async function newer(page, after) {
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, after]);
  await settle(page, id);
  return inspect(page, id);
}

/** Drags a mouse across the canvas from `from` to `to` (shares of its width and height), then
 * moves it off. */
async function drag(page, from, to, steps = 12) {
  const box = await page.locator(`${section} canvas`).boundingBox();
  const at = ([x, y]) => [box.x + box.width * x, box.y + box.height * y];
  await page.mouse.move(...at(from));
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await page.mouse.move(...at([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]));
  }
  await page.mouse.up();
  // Off the canvas again: a hovering pointer shows the brush's ring, which is not the map.
  await page.mouse.move(box.x + box.width / 2, Math.max(0, box.y - 40));
}

/** The map on screen as .r32, downloaded. */
const r32 = async (page) => (await download(page, id, 'r32')).bytes;

test('a drag paints, undo gives the map back byte for byte, redo brings the stroke back, the CLI agrees', async () => {
  const { page, problems } = fx.session;
  await page.locator(section).scrollIntoViewIfNeeded();
  await setField(page, id, 'exponent', '7');
  await setField(page, id, 'seed', '3', { wait: true });
  // A paint step first: the redistribution and the erosion after it run again on each stroke.
  let shown = await inspect(page, id);
  await page.selectOption(`${section} select[name="add-step"]`, 'paint');
  await page.click(`${section} [data-action="add-step"]`);
  shown = await newer(page, shown.generation);
  for (const place of [3, 2]) {
    await page.click(`${section} fieldset[data-step]:nth-of-type(${place}) [data-action="step-up"]`);
    shown = await newer(page, shown.generation);
  }
  assert.deepEqual(await page.$$eval(`${section} fieldset[data-step]`, (s) => s.map((f) => f.dataset.step)),
    ['paint', 'redistribute', 'erode']);
  assert.match(await page.$eval(section, (s) => s.dataset.command),
    /--seed 3 --then paint --strokes strokes\.json --then redistribute /);
  await page.selectOption(`${section} select[name="view"]`, 'map');
  await page.selectOption(`${section} fieldset[data-step="paint"] select[name="brush"]`, 'raise');
  await page.fill(`${section} fieldset[data-step="paint"] [name="radius"]`, '10');
  await page.press(`${section} fieldset[data-step="paint"] [name="radius"]`, 'Enter');
  // The brush is only what the next stroke takes: choosing it makes nothing again.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const brushed = await inspect(page, id);
  assert.equal(brushed.generation, shown.generation, 'a new brush or radius makes no new terrain');
  assert.equal(await page.$eval(section, (s) => s.hasAttribute('data-painting')), true, 'the map view paints');
  const before = await r32(page);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'paint-before.png') });

  // A ridge across the middle.
  await drag(page, [0.3, 0.5], [0.7, 0.45]);
  const painted = await newer(page, shown.generation);
  assert.equal(await page.$eval(section, (s) => s.dataset.strokes), '1');
  assert.notEqual(painted.hash, shown.hash, 'the picture changed');
  const after = await r32(page);
  assert.ok(!after.equals(before), 'the map changed');
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'paint-after.png') });

  // Undo: the map as it was, byte for byte; redo (the keys this time): the stroke again.
  await page.click(`${section} [data-action="undo"]`);
  const undone = await newer(page, painted.generation);
  assert.equal(await page.$eval(section, (s) => s.dataset.strokes), '0');
  assert.ok((await r32(page)).equals(before), 'undo gives the map back byte for byte');
  await page.focus(`${section} canvas`);
  await page.keyboard.press('Control+Shift+Z');
  const redone = await newer(page, undone.generation);
  assert.ok((await r32(page)).equals(after), 'redo brings the stroke back');
  assert.equal(redone.hash, painted.hash);

  // The strokes file and the command under the canvas write the page's bytes.
  const strokes = await download(page, id, 'strokes');
  assert.equal(strokes.name, 'strokes.json');
  const parsed = JSON.parse(strokes.bytes.toString());
  assert.equal(parsed.strokes.length, 1);
  assert.equal(parsed.strokes[0].brush, 'raise');
  assert.equal(parsed.strokes[0].radius, 10);
  assert.ok(parsed.strokes[0].points.length >= 3, JSON.stringify(parsed));
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-paint-'));
  await writeFile(join(scratch, 'strokes.json'), strokes.bytes);
  const line = await page.$eval(section, (s) => s.dataset.command);
  const out = join(scratch, 'painted.r32');
  const words = line.replace('--strokes strokes.json', `--strokes ${join(scratch, 'strokes.json')}`);
  terrain([...words.split(' ').slice(1), '--out', out]);
  assert.ok(after.equals(await readFile(out)), `${line}: the same bytes`);

  // In the 3-D view a Shift-drag on the terrain turns the camera and paints nothing.
  await page.selectOption(`${section} select[name="view"]`, 'terrain');
  const seen = await inspect(page, id);
  await page.keyboard.down('Shift');
  await drag(page, [0.4, 0.55], [0.6, 0.55]);
  await page.keyboard.up('Shift');
  const turned = await inspect(page, id);
  assert.equal(await page.$eval(section, (s) => s.dataset.strokes), '1', 'a Shift-drag paints no stroke');
  assert.equal(turned.generation, seen.generation, 'nothing is made again');
  assert.notEqual(turned.hash, seen.hash, 'the camera turned');
  // The pointer off the canvas (no brush ring), the map view again.
  await page.mouse.move(0, 0);
  await page.selectOption(`${section} select[name="view"]`, 'map');
  assert.deepEqual(problems, []);
});

test('a link carries the strokes', async () => {
  const { page, context } = fx.session;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const shown = await inspect(page, id);
  await page.click(`${section} [data-action="share"]`);
  await page.waitForFunction((sel) => /^Link (copied|ready)/.test(document.querySelector(`${sel} .status`).textContent), section);
  const link = await page.$eval(section, (s) => s.dataset.link);
  assert.match(link, /&strokes=raise_10_0\.1_\d+-\d+/);
  const visit = await openPage(fx.browser, link);
  await visit.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section);
  await settle(visit.page, id);
  await visit.page.selectOption(`${section} select[name="view"]`, 'map');
  const back = await inspect(visit.page, id);
  assert.equal(back.hash, shown.hash, 'the same painted picture');
  assert.equal(await visit.page.$eval(section, (s) => s.dataset.strokes), '1');
  assert.deepEqual(visit.problems, []);
  await visit.context.close();
});

test('a link whose strokes are refused says so and starts without them', async () => {
  const visit = await openPage(fx.browser,
    `${fx.server.url}#${id}?base=ds&exponent=6&seed=4&then=paint&brush=raise&radius=6&strength=0.3&strokes=dig_6_0.3_1-1`);
  await visit.page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1, section, { timeout: 60_000 });
  const shown = await inspect(visit.page, id);
  assert.match(shown.alert, /^This link's strokes were not allowed: stroke 1 in the link: no brush is named "dig"/);
  assert.equal(await visit.page.$eval(section, (s) => s.dataset.strokes), '0');
  assert.ok(shown.drawn > 0.05, 'the terrain without them');
  await visit.context.close();
});

/** The map cells of `strokes` (a mask file's) that no dab reaches: farther than a stroke's
 * radius from each of its points, on a `side` x `side` map. */
function unreached(strokes, side) {
  const cells = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const near = strokes.some((s) => s.points.some(([px, py]) => (px - x) ** 2 + (py - y) ** 2 <= s.radius ** 2));
      if (!near) cells.push(y * side + x);
    }
  }
  return cells;
}

test("a painted mask lets erosion act only where it is painted; undo, redo and the mask file agree with the command", async () => {
  const visit = await openPage(fx.browser,
    `${fx.server.url}#${id}?base=ds&exponent=7&seed=5&then=erode&droplets=20000&where=painted`);
  const { page, problems } = visit;
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1, section, { timeout: 60_000 });
  await settle(page, id);
  await page.selectOption(`${section} select[name="view"]`, 'map');
  const line0 = await page.$eval(section, (s) => s.dataset.command);
  assert.match(line0, /--then erode .*--mask-strokes mask\.json$/);
  assert.equal(await page.$eval(section, (s) => s.hasAttribute('data-painting')), true, 'a painted mask paints');
  // Nothing painted yet: the mask is empty and the map is the base's, byte for byte.
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-mask-'));
  const baseFile = join(scratch, 'base.r32');
  terrain(['ds', '--exponent', '7', '--seed', '5', '--out', baseFile]);
  const base = await readFile(baseFile);
  assert.ok((await r32(page)).equals(base), 'an unpainted mask keeps the base');
  const shown = await inspect(page, id);
  await drag(page, [0.25, 0.5], [0.55, 0.45]);
  const painted = await newer(page, shown.generation);
  assert.equal(await page.$eval(section, (s) => s.dataset.strokes), '1');
  const after = await r32(page);
  assert.ok(!after.equals(base), 'the erosion shows where painted');
  assert.match(await page.$eval(`${section} .step-caption`, (c) => c.textContent), /only where its mask is painted/);
  // The mask file: the mask's brushes, and every cell no dab reaches is the base's.
  const mask = await download(page, id, 'mask');
  assert.equal(mask.name, 'mask.json');
  const strokes = JSON.parse(mask.bytes.toString()).strokes;
  assert.equal(strokes.length, 1);
  assert.equal(strokes[0].brush, 'add');
  const heights = (bytes) => new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const [a, b] = [heights(after), heights(base)];
  const far = unreached(strokes, 129);
  assert.ok(far.length > 129 * 129 / 3, `${far.length} cells unpainted`);
  assert.deepEqual(far.filter((i) => a[i] !== b[i]), [], 'unpainted cells are the base\'s');
  // Undo: the base again; redo: the painted map.
  await page.click(`${section} fieldset[data-step="erode"] [data-action="undo"]`);
  const undone = await newer(page, painted.generation);
  assert.ok((await r32(page)).equals(base), 'undo gives the base back byte for byte');
  await page.focus(`${section} canvas`);
  await page.keyboard.press('Control+Shift+Z');
  await newer(page, undone.generation);
  assert.ok((await r32(page)).equals(after), 'redo brings the stroke back');
  // The Mask view shows where erode acts: the stroke in white on black, a drag there paints.
  await page.selectOption(`${section} select[name="view"]`, 'mask');
  await page.waitForFunction((sel) => /acts on/.test(document.querySelector(sel).dataset.legend ?? ''), section);
  const legend = await page.$eval(section, (s) => s.dataset.legend);
  const share = Number(legend.match(/acts on ([\d.]+)%/)[1]);
  const reach = 100 * (1 - far.length / (129 * 129));
  assert.match(legend, /^step 1 \(erode\) acts on /);
  assert.ok(share > 0 && share <= reach + 1, `${legend}: at most the ${reach.toFixed(1)} % a dab reaches`);
  assert.equal(await page.$eval(section, (s) => s.hasAttribute('data-painting')), true, 'the Mask view paints');
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'mask-view.png') });
  // data-command with the mask file writes the page's bytes.
  await writeFile(join(scratch, 'mask.json'), mask.bytes);
  const line = await page.$eval(section, (s) => s.dataset.command);
  const out = join(scratch, 'masked.r32');
  terrain([...line.replace('--mask-strokes mask.json', `--mask-strokes ${join(scratch, 'mask.json')}`).split(' ').slice(1), '--out', out]);
  assert.ok(after.equals(await readFile(out)), `${line}: the same bytes`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'mask-painted.png') });
  assert.deepEqual(problems, []);
  await visit.context.close();
});

test('one finger paints on a phone: the ground, or where a step acts', async () => {
  const context = await fx.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const links = {
    paint: 'then=paint&brush=lower&radius=6&strength=0.3',
    erode: 'then=erode&droplets=20000&where=painted&mask-radius=8',
  };
  for (const [step, chain] of Object.entries(links)) {
    await page.goto(`${fx.server.url}#${id}?base=ds&exponent=6&seed=4&${chain}`);
    await page.reload();
    await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1, section, { timeout: 60_000 });
    await page.$eval(section, (s) => s.querySelector('canvas').scrollIntoView({ block: 'center' }));
    await page.selectOption(`${section} select[name="view"]`, 'map');
    await settle(page, id);
    const start = await inspect(page, id);
    assert.equal(await page.$eval(`${section} canvas`, (c) => getComputedStyle(c).touchAction), 'none');
    const box = await page.locator(`${section} canvas`).boundingBox();
    const cdp = await context.newCDPSession(page);
    const [x, y] = [Math.round(box.x + box.width * 0.3), Math.round(box.y + box.height * 0.5)];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + 14 * i, y }] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const painted = await newer(page, start.generation);
    assert.equal(await page.$eval(section, (s) => s.dataset.strokes), '1', step);
    assert.notEqual(painted.hash, start.hash, step);
    // The step's brush, fields, undo and redo are each at least 44 px on the phone (a
    // checkbox's target is its label).
    await page.click(`${section} details.settings > summary`);
    const small = await page.$$eval(`${section} fieldset[data-step="${step}"] :is(input, select, button)`,
      (controls) => controls.filter((c) => c.offsetParent !== null)
        .map((c) => [c.name || c.dataset.action, (c.type === 'checkbox' ? c.closest('label') : c).getBoundingClientRect()])
        .filter(([, r]) => r.height < 44 || r.width < 44).map(([n, r]) => `${n} ${r.width}x${r.height}`));
    assert.deepEqual(small, [], step);
    await page.locator(section).screenshot({ path: join(ARTIFACTS, `paint-390-${step}.png`) });
  }
  await context.close();
});
