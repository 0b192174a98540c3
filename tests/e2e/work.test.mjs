// End-to-end: long work and the reader's hands. The wheel over a demo scrolls the page and Ctrl +
// wheel zooms (as does the wheel once the reader has clicked into the demo), a touch swipe over a
// canvas scrolls, Reset view puts the camera back; the big erosion finishes with its progress
// shown; Cancel stops a long job and keeps the terrain; a download writes the
// map on screen without generating it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, download, inspect, nextFrames, section, setField, settle, suite, terrain,
} from './harness.mjs';

const fx = suite();

/** Puts the mouse over the middle of demo `id`'s canvas (scrolled to the top of the window). */
async function overCanvas(page, id) {
  await page.$eval(`${section(id)} canvas`, (c) => c.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -40));
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return box;
}

const scrollY = (page) => page.evaluate(() => window.scrollY);

test('the wheel over a canvas scrolls the page; Ctrl + wheel zooms; a click lets the wheel zoom until the pointer leaves', async () => {
  const { page } = fx.session;
  const id = 'mpd-final';
  await overCanvas(page, id);
  const start = await inspect(page, id);
  const top = await scrollY(page);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction((y) => window.scrollY > y, top);
  const scrolled = await scrollY(page);
  assert.ok(scrolled >= top + 150, `the page scrolled: ${top} -> ${scrolled}`);
  assert.equal((await inspect(page, id)).hash, start.hash, 'the terrain did not zoom');
  const hint = await page.$eval(`${section(id)} figure`, (f) =>
    f.hasAttribute('data-wheel-hint') && getComputedStyle(f, '::after').content);
  assert.match(String(hint), /To zoom, hold Ctrl/, 'a hint says how to zoom, the first time');

  await overCanvas(page, id);
  const before = await scrollY(page);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await nextFrames(page);
  const zoomed = await inspect(page, id);
  assert.notEqual(zoomed.hash, start.hash, 'Ctrl + wheel zooms');
  assert.equal(await scrollY(page), before, 'and does not scroll');

  const box = await overCanvas(page, id);
  await page.mouse.down();
  await page.mouse.up();
  const clicked = await scrollY(page);
  await page.mouse.wheel(0, -300);
  await nextFrames(page);
  const closer = await inspect(page, id);
  assert.notEqual(closer.hash, zoomed.hash, 'clicked into, the wheel zooms');
  assert.equal(await scrollY(page), clicked, 'and does not scroll');
  await page.mouse.move(box.x + box.width / 2, box.y - 30);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction((y) => window.scrollY > y, clicked);
  assert.equal((await inspect(page, id)).hash, closer.hash, 'left and back, the wheel scrolls again');

  await page.click(`${section(id)} [data-action="reset-view"]`);
  await nextFrames(page);
  const reset = await inspect(page, id);
  assert.equal(reset.hash, start.hash, 'Reset view puts the camera where it started');
  assert.equal(reset.generation, start.generation, 'camera moves generate nothing');
});

test('a one-finger swipe over a canvas scrolls the page on a phone', async () => {
  const context = await fx.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(fx.server.url);
  const id = 'ds-final';
  await page.waitForFunction((sel) => document.querySelector(sel)?.querySelector('canvas'), section(id), { timeout: 60_000 });
  await page.$eval(section(id), (s) => s.querySelector('canvas').scrollIntoView({ block: 'center' }));
  await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id), { timeout: 60_000 });
  const touchAction = await page.$eval(`${section(id)} canvas`, (c) => getComputedStyle(c).touchAction);
  assert.match(touchAction, /pan-y/);
  const start = await inspect(page, id);
  const box = await page.locator(`${section(id)} canvas`).boundingBox();
  const before = await scrollY(page);
  // A finger put down on the canvas and moved up by 120 px, as a reader reading on would.
  const cdp = await context.newCDPSession(page);
  const [x, y] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height * 0.8)];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 12 * i }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction((at) => window.scrollY > at + 60, before);
  await nextFrames(page);
  assert.equal((await inspect(page, id)).hash, start.hash, 'the swipe did not orbit');
  await context.close();
});

/** Samples demo `id`'s busy box every 200 ms until it is not busy: the progress values seen and
 * whether the box and its Cancel were on show. */
async function watchBusy(page, id, { timeout = 240_000, cancelAt = null } = {}) {
  return page.evaluate(async ([sel, limit, cancelAt]) => {
    const s = document.querySelector(sel);
    const seen = { values: [], notes: [], shown: false, cancel: false, alerts: [] };
    const began = performance.now();
    while (performance.now() - began < limit) {
      await new Promise((r) => setTimeout(r, 200));
      const box = s.querySelector('.busy');
      const bar = box.querySelector('progress');
      if (bar.hasAttribute('value')) seen.values.push(bar.position);
      const note = box.querySelector('.busy-note').textContent;
      if (seen.notes[seen.notes.length - 1] !== note) seen.notes.push(note);
      if (getComputedStyle(box).visibility === 'visible') seen.shown = true;
      const cancel = box.querySelector('[data-action="cancel"]');
      if (getComputedStyle(cancel).visibility === 'visible' && cancel.getBoundingClientRect().width > 0) seen.cancel = true;
      const alert = s.querySelector('[role="alert"]').textContent;
      if (alert) seen.alerts.push(alert);
      if (cancelAt !== null && seen.values.some((v) => v >= cancelAt)) {
        cancel.click();
        seen.cancelled = performance.now() - began;
      }
      if (s.dataset.state !== 'busy') break;
    }
    seen.ms = performance.now() - began;
    seen.state = s.dataset.state;
    return seen;
  }, [section(id), timeout, cancelAt]);
}

test('the big erosion (2049², 2 000 000 droplets) finishes with its progress shown, and its download generates nothing again', async () => {
  const { page } = fx.session;
  const id = 'erosion';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  const start = await inspect(page, id);
  await setField(page, id, 'exponent', '11', { commit: false });
  await setField(page, id, 'droplets', '2000000');
  const seen = await watchBusy(page, id);
  const done = await inspect(page, id);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'reader-long-job-done.png') });
  console.log(`erosion 2049², 2 000 000 droplets: ${(seen.ms / 1000).toFixed(1)} s, ${seen.values.length} progress readings`);
  assert.equal(done.state, 'ready', JSON.stringify(seen));
  assert.equal(done.alert, '', 'no alert');
  assert.deepEqual(seen.alerts, [], 'no alert along the way');
  assert.equal(done.generation, start.generation + 1, 'the big terrain is shown');
  assert.ok(seen.shown && seen.cancel, 'the progress box and its Cancel were on show');
  assert.ok(seen.values.length >= 3, `progress was reported: ${seen.values}`);
  assert.ok(seen.values.every((v, i) => i === 0 || v >= seen.values[i - 1]), 'rising');
  // The box names the job's own droplets and map (the caption still tells the old picture),
  // counts those done and, once the pace is known, says about how long is left.
  const counted = seen.notes.filter((n) => /^2\s000\s000 droplets on 2049 x 2049: [\d\s]+ done/.test(n));
  assert.ok(counted.length >= 2, `the job's own count: ${JSON.stringify(seen.notes)}`);
  assert.ok(seen.notes.some((n) => /done, about \d+ (s|min) left$/.test(n)), `the time left: ${JSON.stringify(seen.notes)}`);
  // The download writes the map on screen: no run of the generator (the worker counts them).
  const runs = Number(await page.$eval(section(id), (s) => s.dataset.runs));
  assert.ok(runs >= 1, `the worker counts its runs: ${runs}`);
  const began = Date.now();
  const file = await download(page, id, 'r16');
  assert.equal(file.bytes.length, 2049 * 2049 * 2, 'the whole map');
  assert.equal(Number(await page.$eval(section(id), (s) => s.dataset.runs)), runs, 'no run for the download');
  console.log(`its .r16 download: ${Date.now() - began} ms`);
});

test('downloads of the map on screen equal the command line\'s file and run no generator', async () => {
  const { page } = fx.session;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-reader-'));
  // The later chapters keep their maps (the page's own quick chapters make a file's map again).
  const id = 'fault-shapes';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'seed', '5151', { wait: true });
  await inspect(page, id);
  const runs = Number(await page.$eval(section(id), (s) => s.dataset.runs));
  for (const format of ['r32', 'png']) {
    const file = await download(page, id, format);
    const out = join(scratch, `fault.${format}`);
    terrain(['fault', '--width', '129', '--height', '129', '--iterations', '1500',
      '--shapes', 'line,circle,rect,triangle', '--fuzziness', '3', '--seed', '5151', '--out', out]);
    assert.ok(file.bytes.equals(await readFile(out)), `${format}: the CLI's bytes`);
  }
  assert.equal(Number(await page.$eval(section(id), (s) => s.dataset.runs)), runs, 'no generator ran for them');
});

test('Cancel stops a long job at once and keeps the last terrain with its fields; Enter runs them again; the demo works after', async () => {
  const { page } = fx.session;
  const id = 'erosion';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'exponent', '9', { commit: false });
  await setField(page, id, 'droplets', '20000', { wait: true });
  const start = await inspect(page, id);
  await setField(page, id, 'exponent', '11', { commit: false });
  await setField(page, id, 'droplets', '2000000');
  const seen = await watchBusy(page, id, { cancelAt: 0.05 });
  assert.ok(seen.cancelled !== undefined, `Cancel was pressed: ${JSON.stringify(seen)}`);
  assert.ok(seen.ms - seen.cancelled < 1500, `it stopped at once: ${seen.ms - seen.cancelled} ms`);
  const after = await inspect(page, id);
  assert.equal(after.state, 'ready');
  assert.equal(after.alert, '');
  assert.equal(after.generation, start.generation, 'nothing new was shown');
  assert.equal(after.hash, start.hash, 'the last terrain stays on the canvas');
  assert.match(await page.$eval(`${section(id)} .status`, (s) => s.textContent), /^Cancelled/);
  // The fields went back to the terrain on screen, so fields and picture agree.
  const fields = await page.$eval(section(id), (s) => ({
    exponent: s.querySelector('[name="exponent"]').value,
    droplets: s.querySelector('[name="droplets"]').value,
    seed: s.querySelector('[name="seed"]').value,
  }));
  assert.deepEqual(fields, { exponent: '9', droplets: '20000', seed: start.seed }, 'the fields of the terrain shown');
  // Enter in a field runs its settings again, with the same seed: the same terrain.
  await page.press(`${section(id)} [name="droplets"]`, 'Enter');
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g,
    [section(id), start.generation], { timeout: 60_000 });
  await settle(page, id);
  const rerun = await inspect(page, id);
  assert.equal(rerun.generation, start.generation + 1, 'Enter made it again');
  assert.equal(rerun.seed, start.seed, 'with the same seed');
  assert.equal(rerun.hash, start.hash, 'the same terrain');
  await setField(page, id, 'exponent', '7', { commit: false });
  await setField(page, id, 'droplets', '3000', { wait: true });
  const again = await inspect(page, id);
  assert.equal(again.generation, start.generation + 2, 'the next terrain comes from a fresh worker');
  assert.doesNotMatch(await page.$eval(`${section(id)} .status`, (s) => s.textContent), /Cancelled/,
    'the status of the cancelled job does not outlive the next terrain');
  assert.equal(again.state, 'ready');
  // The other demos still answer.
  await page.locator(section('ds-final')).scrollIntoViewIfNeeded();
  const ds = await inspect(page, 'ds-final');
  await page.click(`${section('ds-final')} [data-action="refresh"]`);
  await settle(page, 'ds-final');
  assert.equal((await inspect(page, 'ds-final')).generation, ds.generation + 1);
  assert.deepEqual(fx.session.problems, []);
});
