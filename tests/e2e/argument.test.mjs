// End-to-end: each post's argument made visible. The comparison demo puts midpoint displacement
// beside Diamond-Square on one seed, with a shaded relief view where creases show and both crease
// scores under it. The recursive demo steps one call at a time: its view outlined, the points it
// sets and the points it skips marked apart. (Faults cut by cut are in stepping.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, inspect, drawn, canvasPixels, countColours, suite, section, scrub, setFields } from './harness.mjs';



const fx = suite();


/** Share of the canvas's left and right thirds that is not sky: both maps of a pair are drawn. */
async function halves(page, id) {
  const { data, width, height } = await canvasPixels(page, id);
  const sky = [data[0], data[1], data[2]];
  const share = (from, to) => {
    let ground = 0;
    for (let y = 0; y < height; y++) {
      for (let x = from; x < to; x++) {
        const i = 4 * (y * width + x);
        if (Math.abs(data[i] - sky[0]) + Math.abs(data[i + 1] - sky[1]) + Math.abs(data[i + 2] - sky[2]) > 9) ground++;
      }
    }
    return ground / ((to - from) * height);
  };
  return { left: share(0, Math.floor(width / 3)), right: share(Math.ceil((2 * width) / 3), width) };
}

test('the comparison draws both terrains, in every view, and shows both crease scores', async () => {
  const { page, problems } = fx.session;
  const id = 'creases';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  const opens = await page.$eval(section(id), (s) => [s.querySelector('select[name="view"]').value, s.querySelector('canvas').getAttribute('aria-label')]);
  assert.equal(opens[0], 'creases', 'it opens on the Creases view, where the seams show');
  assert.match(opens[1], /^Top-down shaded relief/);
  await page.fill(`${section(id)} input[name="seed"]`, '4');
  await page.press(`${section(id)} input[name="seed"]`, 'Enter');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.seed === '4', section(id));
  const shown = await inspect(page, id);
  assert.equal(shown.state, 'ready');
  const facts = await page.$eval(section(id), (s) => ({
    mpd: Number(s.dataset.creaseMpd),
    ds: Number(s.dataset.creaseDs),
    caption: s.querySelector('.step-caption').textContent,
    views: [...s.querySelectorAll('select[name="view"] option')].map((o) => o.value),
    stepper: s.querySelectorAll('[data-action="step"]').length,
  }));
  assert.ok(facts.mpd > facts.ds + 0.3, `midpoint displacement creases: ${facts.mpd} against ${facts.ds}`);
  assert.ok(Math.abs(facts.ds - 1) < 0.1, `Diamond-Square does not: ${facts.ds}`);
  assert.match(facts.caption, new RegExp(`midpoint displacement ${facts.mpd.toFixed(2)}, Diamond-Square ${facts.ds.toFixed(2)}$`));
  assert.deepEqual(facts.views, ['terrain', 'land', 'wireframe', 'map', 'creases', 'water', 'water-3d', 'slope']);
  assert.equal(facts.stepper, 0, 'a comparison has no stepper');
  for (const mode of ['terrain', 'map', 'creases']) {
    await page.selectOption(`${section(id)} select[name="view"]`, mode);
    await drawn(page, id);
    const { left, right } = await halves(page, id);
    assert.ok(left > 0.1 && right > 0.1, `${mode}: both maps drawn (${left}, ${right})`);
    assert.equal((await inspect(page, id)).generation, shown.generation, `${mode}: nothing regenerated`);
  }
  // Creases at desktop width and on a phone.
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'creases-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await drawn(page, id);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'creases-390.png') });
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.selectOption(`${section(id)} select[name="view"]`, 'terrain');
  await drawn(page, id);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'creases-terrain.png') });
  assert.deepEqual(problems, []);
});

/**
 * The marks' colours in a demo's canvas: how many pixels of each, and the box (canvas pixels)
 * the outline's yellow covers. Yellow: red and green high, blue low (lit or not); magenta: red
 * and blue well above green; cyan: green and blue well above red. Nothing else on the page is
 * any of them in the map view (greys) and the terrain's colours are none of them.
 */
async function marks(page, id) {
  const pixels = await canvasPixels(page, id);
  const yellow = (r, g, b) => r > 120 && g > 100 && b < 60 && r >= g && r - g < 90;
  const count = countColours(pixels, {
    outline: yellow,
    set: (r, g, b) => r - g > 50 && b - g > 40,
    skipped: (r, g, b) => g - r > 80 && b - r > 80 && g > 150,
  });
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (let p = 0; p < pixels.data.length / 4; p++) {
    const [r, g, b] = pixels.data.subarray(4 * p, 4 * p + 3);
    if (!yellow(r, g, b)) continue;
    const [x, y] = [p % pixels.width, Math.floor(p / pixels.width)];
    Object.assign(box, {
      left: Math.min(box.left, x), right: Math.max(box.right, x),
      top: Math.min(box.top, y), bottom: Math.max(box.bottom, y),
    });
  }
  return { ...count, box };
}

test('the recursion steps call by call: the whole map, then its first quarter, skips marked', async () => {
  const { page, problems } = fx.session;
  const id = 'mpd-recursive';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await page.fill(`${section(id)} input[name="seed"]`, '6');
  await page.press(`${section(id)} input[name="seed"]`, 'Enter');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.seed === '6', section(id));
  await page.selectOption(`${section(id)} select[name="view"]`, 'map');
  const caption = () => page.$eval(`${section(id)} .step-caption`, (c) => c.textContent);
  const steps = Number(await page.$eval(section(id), (s) => s.dataset.steps));
  assert.equal(steps, 1 + 4 + 16 + 64 + 256, 'one step per call at exponent 5');
  const finished = await scrub(page, id, steps);
  assert.deepEqual(await marks(page, id).then(({ outline, set, skipped }) => [outline, set, skipped]), [0, 0, 0],
    'the finished map has no marks');

  await scrub(page, id, 1);
  assert.match(await caption(), /^Call 1 of 341, depth 0: the 33 x 33 view at x 0-32, y 0-32/);
  const whole = await marks(page, id);
  assert.ok(whole.set > 0 && whole.outline > 0, JSON.stringify(whole));
  const side = whole.box.right - whole.box.left;
  assert.ok(Math.abs(side - (whole.box.bottom - whole.box.top)) <= 2, 'a square outline');

  await scrub(page, id, 2);
  assert.match(await caption(), /^Call 2 of 341, depth 1: the 17 x 17 view at x 0-16, y 16-32/);
  const quarter = await marks(page, id);
  const near = (a, b) => Math.abs(a - b) <= Math.max(3, side * 0.04);
  assert.ok(near(quarter.box.right - quarter.box.left, side / 2), `half as wide: ${JSON.stringify(quarter.box)} of ${JSON.stringify(whole.box)}`);
  assert.ok(near(quarter.box.bottom - quarter.box.top, side / 2), 'half as high');
  assert.ok(near(quarter.box.left, whole.box.left), 'at the left (x 0-16)');
  // y 16-32 of the map: the map view draws row 0 (north) at the top, so the quarter is the lower half.
  assert.ok(near(quarter.box.bottom, whole.box.bottom), 'at high y, the lower half on screen');

  const depth2 = await scrub(page, id, 3);
  assert.match(await caption(), /^Call 3 of 341, depth 2: the 9 x 9 view at x 0-8, y 24-32/);
  const eighth = await marks(page, id);
  assert.ok(near(eighth.box.right - eighth.box.left, side / 4), 'a quarter as wide');
  assert.notEqual(depth2.hash, finished.hash);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'recursive-depth2-map.png') });

  // Call 5 is a 3 x 3 view that sets all five of its points; call 6, its neighbour, skips the
  // midpoint they share.
  await scrub(page, id, 5);
  assert.equal((await marks(page, id)).skipped, 0, 'call 5 skips nothing');
  await scrub(page, id, 6);
  assert.match(await caption(), /sets 4 points, skips 1 a neighbouring view set already$/);
  assert.ok((await marks(page, id)).skipped > 0, 'call 6 marks the point it skipped');

  await scrub(page, id, 3);
  await page.selectOption(`${section(id)} select[name="view"]`, 'terrain');
  await drawn(page, id);
  const lit = await marks(page, id);
  assert.ok(lit.outline > 0 && lit.set > 0, `the 3-D view outlines the call too: ${JSON.stringify(lit)}`);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'recursive-depth2-terrain.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.selectOption(`${section(id)} select[name="view"]`, 'map');
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await drawn(page, id);
  assert.ok((await marks(page, id)).outline > 0, 'on a phone too');
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'recursive-depth2-390.png') });
  await page.setViewportSize({ width: 1200, height: 900 });
  await scrub(page, id, steps);

  // On a 257 x 257 map a deep call's view is a few pixels of the map view: a ring finds it.
  await setFields(page, id, { exponent: '8' });
  await scrub(page, id, 7);
  assert.match(await caption(), /^Call 7 of \d+, depth 6: the 5 x 5 view/);
  const deep = await marks(page, id);
  const ringed = deep.box.right - deep.box.left;
  // Its outline alone is about 10 pixels wide here; the ring is at least 28 across.
  assert.ok(ringed >= 28, `a ring around the 4-block-wide view: ${JSON.stringify(deep)}`);
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'recursive-deep-map.png') });
  await setFields(page, id, { exponent: '5' });
  await scrub(page, id, steps);
  assert.deepEqual(problems, []);
});
