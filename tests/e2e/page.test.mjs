// End-to-end: the built page (dist/) in headless Chromium with real WebGL and real wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, DEMO_IDS, READ_IDS, openPage, waitForDemos, inspect, attributes, suite, section, setField, nextFrames } from './harness.mjs';

const READ = READ_IDS;

// Values each field must refuse, and a valid value to recover with.
const BAD_VALUES = {
  exponent: ['', '   ', 'abc', 'NaN', '-1', '0', '2.5', '13', '40', '1e3', '99999999999999999999'],
  spread: ['', 'abc', 'NaN', '-0.5', 'Infinity', '1e400', '101'],
  reduction: ['', 'abc', 'NaN', '-1', 'Infinity', '1e400', '3'],
  seed: ['', 'abc', 'NaN', '-1', '2.5', '1e5', '18446744073709551616'],
  iterations: ['', 'abc', 'NaN', '-1', '0', '2.5', '100001', '99999999999999999999'],
  roughness: ['', 'abc', 'NaN', '-1', 'Infinity', '1e400', '9'],
  fuzziness: ['', 'abc', 'NaN', '-1', 'Infinity', '65'],
  droplets: ['', 'abc', 'NaN', '-1', '0', '2.5', '2000001'],
  inertia: ['', 'abc', 'NaN', '-0.1', 'Infinity', '1.5'],
  erosion: ['', 'abc', '-1', '1e400', '2'],
  deposition: ['', 'NaN', '-0.5', '1.01'],
  octaves: ['', 'abc', 'NaN', '-1', '0', '2.5', '13'],
  frequency: ['', 'abc', 'NaN', '0', '-2', 'Infinity', '65'],
  lacunarity: ['', 'abc', '1', '4.5', 'NaN'],
  gain: ['', 'abc', '0', '0.96', '-0.5', 'NaN'],
  power: ['', 'abc', '0', '4.5', 'NaN'],
  warp: ['', 'abc', '-1', '4.5', 'Infinity'],
  x: ['', 'abc', 'NaN', '-1', '2.5', '16777217', '1e7'],
  y: ['', ' ', '-5', '0.5', '99999999999999999999'],
  batch: ['', 'abc', 'NaN', '-1', '0', '2.5', '2000001'],
  talus: ['', 'abc', 'NaN', '0', '-35', '90', 'Infinity'],
  rate: ['', 'abc', 'NaN', '0', '-0.5', '0.6', '1e400'],
  steps: ['', 'abc', 'NaN', '-1', '0', '2.5', '10001'],
  m: ['', 'abc', 'NaN', '0.05', '-0.45', '1.5', 'Infinity'],
  diffusion: ['', 'abc', 'NaN', '-0.1', '10.5', 'Infinity'],
  'snow-line': ['', 'abc', 'NaN', '-0.1', '1.5', 'Infinity'],
  'tree-line': ['', 'abc', '-1', '2'],
  'sand-level': ['', 'NaN', '-0.5', '1.01'],
  'rock-slope': ['', 'abc', 'NaN', '-1', '90.5', '1e400'],
};

// Where a demo's field takes another range: rain at scale's maps stop at 1025 x 1025, and its
// droplets, falling in batches, go to 16 million (15 a cell there); thermal erosion's rounds stop at 10000.
const DEMO_BAD_VALUES = {
  thermal: {
    iterations: ['', 'abc', 'NaN', '-1', '0', '2.5', '10001', '99999999999999999999'],
  },
  uplift: {
    deposition: ['', 'abc', 'NaN', '-0.5', '10.5'],
  },
  rain: {
    exponent: [...BAD_VALUES.exponent, '11'],
    droplets: ['', 'abc', 'NaN', '-1', '0', '2.5', '16000001'],
  },
};


/** Waits for the next two animation frames (camera moves are drawn on the next frame). */


const fx = suite();


test('the page has every demo, in order, each with the DOM contract', async () => {
  const demos = await fx.session.page.evaluate(() =>
    [...document.querySelectorAll('section[data-demo]')].map((s) => ({
      id: s.dataset.demo,
      canvases: s.querySelectorAll('canvas').length,
      refresh: s.querySelectorAll('button[data-action="refresh"]').length,
      alerts: s.querySelectorAll('p[role="alert"]').length,
      // One name per field: the shapes checkboxes share theirs.
      fields: [...new Set([...s.querySelectorAll('form.controls input[name]')].map((i) => i.name))],
    })),
  );
  assert.deepEqual(demos.map((d) => d.id), DEMO_IDS);
  for (const d of demos) {
    assert.equal(d.canvases, 1, d.id);
    assert.equal(d.refresh, 1, d.id);
    assert.equal(d.alerts, 1, d.id);
    assert.ok(d.fields.includes('seed'), `${d.id} has a seed field`);
  }
  const fieldsOf = (id) => demos.find((d) => d.id === id).fields;
  for (const id of ['mpd-final', 'mpd-recursive']) {
    assert.deepEqual(fieldsOf(id), ['exponent', 'spread', 'reduction', 'seed'], id);
  }
  assert.deepEqual(fieldsOf('ds-final'), ['exponent', 'spread', 'reduction', 'wrap', 'seed'], 'ds-final tiles');
  assert.deepEqual(fieldsOf('line-1d'), ['iterations', 'roughness', 'seed']);
  assert.deepEqual(fieldsOf('fault-lines'), ['iterations', 'seed']);
  assert.deepEqual(fieldsOf('fault-shapes'), ['iterations', 'shapes', 'fuzziness', 'seed']);
  const recursive = await fx.session.page.$$eval(`${section('mpd-recursive')} form.controls input`, (inputs) => inputs.slice(0, 3).map((i) => i.value));
  assert.deepEqual(recursive, ['5', '0.3', '0.55'], 'the second post\'s defaults');
  const line = await fx.session.page.$$eval(`${section('line-1d')} form.controls input`, (inputs) => inputs.slice(0, 2).map((i) => i.value));
  assert.deepEqual(line, ['8', '1'], '1-D defaults');
  const values = await fx.session.page.$$eval(`${section('mpd-final')} form.controls input`, (inputs) => inputs.slice(0, 3).map((i) => i.value));
  assert.deepEqual(values, ['5', '0.3', '0.5'], 'the post\'s defaults');
});

test('every demo renders a non-blank canvas', async () => {
  for (const id of DEMO_IDS) {
    const view = await inspect(fx.session.page, id);
    assert.equal(view.state, 'ready', id);
    assert.equal(view.alert, '', id);
    assert.ok(view.drawn > 0.03, `${id}: ${(view.drawn * 100).toFixed(1)}% of the canvas shows terrain`);
    assert.match(view.seed, /^\d+$/, `${id} shows its seed`);
  }
});

/** Demo `id`'s view, and whether it is drawn in 3-D from above a corner (not a profile, a pair or a map). */
async function cornerView(page, id) {
  const view = await page.$eval(`${section(id)} select[name="view"]`, (s) => s.value);
  return { view, corner: ['terrain', 'land'].includes(view) && !['line-1d', 'creases'].includes(id) };
}

/** Asserts that demo `id`'s land fills at least 60 % of its canvas's width and touches no edge. */
function assertFramed(id, facts, width) {
  const { box } = facts;
  const at = `${id} at ${width} px: ${JSON.stringify(box)}`;
  assert.ok(box.right - box.left >= 0.6, `${at}: the land spans at least 60 % of the width`);
  assert.ok(box.left > 0.01 && box.right < 0.99 && box.top > 0.01 && box.bottom < 0.99, `${at}: nothing cut off`);
}

test('every 3-D view frames its land: most of the canvas\'s width, no corner cut off, at 1200 and 390 px', async () => {
  let checked = 0;
  for (const id of DEMO_IDS) {
    if (!(await cornerView(fx.session.page, id)).corner) continue;
    assertFramed(id, await inspect(fx.session.page, id), 1200);
    checked++;
  }
  assert.ok(checked >= 20, `${checked} demos drawn from above a corner`);
  const phone = await openPage(fx.browser, fx.server.url, { width: 390, height: 844 });
  for (const id of ['ds-final', 'erosion', 'uplift', 'real-land']) {
    await phone.page.locator(section(id)).scrollIntoViewIfNeeded();
    await phone.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id), { timeout: 60_000 });
    assertFramed(id, await inspect(phone.page, id), 390);
  }
  await phone.context.close();
});

test('refresh makes a new terrain from a new seed in every demo', async () => {
  const { page } = fx.session;
  for (const id of DEMO_IDS) {
    const before = await inspect(page, id);
    await page.click(`${section(id)} button[data-action="refresh"]`);
    await page.waitForFunction(
      ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
      [section(id), before.generation + 1],
    );
    const after = await inspect(page, id);
    assert.notEqual(after.seed, before.seed, `${id}: new seed`);
    if (READ.includes(id)) assert.equal(after.hash, before.hash, `${id}: the file's map, as read`);
    else assert.notEqual(after.hash, before.hash, `${id}: new picture`);
    assert.ok(after.drawn > 0.03, `${id}: still drawn`);
    const shownSeed = await page.$eval(`${section(id)} [name="seed"]`, (i) => i.value);
    assert.equal(shownSeed, after.seed, `${id}: the seed field shows the new seed`);
  }
});

test('a typed seed reproduces its terrain exactly', async () => {
  const { page } = fx.session;
  for (const id of DEMO_IDS) {
    // A read map changes with the seed once droplets fall on it.
    if (READ.includes(id)) await setField(page, id, 'droplets', '300', { wait: true });
    await setField(page, id, 'seed', '4242');
    const first = await inspect(page, id);
    assert.equal(first.seed, '4242', id);
    await setField(page, id, 'seed', '4243');
    const other = await inspect(page, id);
    assert.notEqual(other.hash, first.hash, `${id}: another seed, another terrain`);
    await setField(page, id, 'seed', '4242');
    const again = await inspect(page, id);
    assert.equal(again.hash, first.hash, `${id}: the same seed, the same picture`);
    assert.equal(again.generation, first.generation + 2, `${id}: each accepted change generates once`);
    if (READ.includes(id)) await setField(page, id, 'droplets', '0', { wait: true });
  }
});

test('valid values in mpd-final take effect, with Enter or by leaving the field', async () => {
  const { page } = fx.session;
  const id = 'mpd-final';
  await setField(page, id, 'seed', '7');
  const base = await inspect(page, id);

  // Enter applies a field.
  await page.fill(`${section(id)} [name="exponent"]`, '7');
  await page.press(`${section(id)} [name="exponent"]`, 'Enter');
  const bigger = await inspect(page, id);
  assert.equal(bigger.generation, base.generation + 1);
  assert.notEqual(bigger.hash, base.hash, 'exponent 7 changes the terrain');

  await setField(page, id, 'spread', '0.9');
  const rougher = await inspect(page, id);
  assert.equal(rougher.generation, base.generation + 2);
  assert.notEqual(rougher.hash, bigger.hash, 'spread changes the terrain');

  await setField(page, id, 'reduction', '0.8');
  const spikier = await inspect(page, id);
  assert.equal(spikier.generation, base.generation + 3);
  assert.notEqual(spikier.hash, rougher.hash, 'reduction changes the terrain');

  // Back to the defaults: the very same picture as before.
  await setField(page, id, 'exponent', '5');
  await setField(page, id, 'spread', '0.3');
  await setField(page, id, 'reduction', '0.5');
  const restored = await inspect(page, id);
  assert.equal(restored.hash, base.hash, 'same settings and seed, same picture');
  assert.equal(restored.state, 'ready');
});

test('exponent 12 (4097 x 4097) generates without breaking the page', async () => {
  const { page } = fx.session;
  const id = 'mpd-final';
  const before = await inspect(page, id);
  await setField(page, id, 'exponent', '12');
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
    [section(id), before.generation + 1],
    { timeout: 60_000 },
  );
  const big = await inspect(page, id);
  assert.equal(big.state, 'ready');
  assert.ok(big.drawn > 0.03);
  await setField(page, id, 'exponent', '5');
});

test('bad values are refused next to the field, and the terrain on screen stays', async () => {
  const { page } = fx.session;
  for (const id of DEMO_IDS) {
    const fields = await page.$$eval(`${section(id)} form.controls input[name]:not([type="checkbox"]):not([type="file"])`, (inputs) => inputs.filter((i) => !i.closest('[hidden]')).map((i) => [i.name, i.value]));
    // (A field its step's "Where" hides takes no part.) Every bad value of a field is typed in turn, each over the last (a reader trying again),
    // and each is refused on its own: the message, the field marked, the same terrain on screen,
    // refresh refused. Then the good value goes back once and the demo recovers. The canvas is
    // read where the picture is asserted.
    let before = await inspect(page, id);
    // fault-lines and fault-shapes take up to 100000 faults; 100001 is past both limits.
    for (const [name, good] of fields) {
      // On a read map 0 droplets is allowed: the map as read.
      const values = DEMO_BAD_VALUES[id]?.[name] ?? BAD_VALUES[name];
      const refused = READ.includes(id) ? values.filter((v) => v !== '0') : values;
      for (const bad of refused) {
        await setField(page, id, name, bad);
        const after = await inspect(page, id);
        const label = `${id} ${name}=${JSON.stringify(bad)}`;
        assert.equal(after.state, 'error', label);
        // A composed demo's step names its step first: "Step 1 (redistribute): power must be".
        assert.match(after.alert.toLowerCase(), new RegExp(`^(step \\d \\([a-z]+\\): )?${name} must be`), `${label}: ${after.alert}`);
        assert.match(after.alert, /from [\d.]+ to [\d.]+/, `${label} says what is allowed`);
        assert.equal(after.generation, before.generation, `${label}: nothing generated`);
        assert.equal(after.hash, before.hash, `${label}: terrain kept`);
        assert.equal(after.seed, before.seed, `${label}: seed kept`);
        const invalid = await page.$eval(`${section(id)} [name="${name}"]`, (i) => i.getAttribute('aria-invalid'));
        assert.equal(invalid, 'true', `${label}: the field is marked`);
        // Refresh cannot generate past a bad field other than the seed (which it replaces).
        if (name !== 'seed') {
          await page.click(`${section(id)} button[data-action="refresh"]`);
          const refused = await attributes(page, id);
          assert.equal(refused.generation, before.generation, `${label}: refresh refused too`);
          assert.equal(refused.state, 'error', label);
        }
      }
      // Putting the good value back recovers.
      await setField(page, id, name, good);
      const fixed = await attributes(page, id);
      assert.equal(fixed.state, 'ready', `${id} ${name}: recovered`);
      assert.equal(fixed.alert, '', `${id} ${name}: message cleared`);
      const invalid = await page.$eval(`${section(id)} [name="${name}"]`, (i) => i.getAttribute('aria-invalid'));
      assert.notEqual(invalid, 'true', `${id} ${name}: the field is no longer marked`);
      if (fixed.generation !== before.generation) before = await inspect(page, id);
    }
  }
});

test('fault shapes are checkboxes; choosing none is refused and the terrain stays', async () => {
  const { page } = fx.session;
  const id = 'fault-shapes';
  const boxes = await page.$$eval(`${section(id)} input[name="shapes"]`, (inputs) =>
    inputs.map((i) => ({ type: i.type, value: i.value, checked: i.checked, label: i.labels[0]?.textContent })));
  assert.deepEqual(boxes.map((b) => [b.type, b.value, b.checked, b.label]), [
    ['checkbox', 'line', true, 'line'], ['checkbox', 'circle', true, 'circle'],
    ['checkbox', 'rect', true, 'rect'], ['checkbox', 'triangle', true, 'triangle'],
  ]);
  // Sets every box at once, then fires one `change`, as a single edit would.
  const pick = (names) =>
    page.evaluate(
      ([sel, wanted]) => {
        const inputs = [...document.querySelectorAll(`${sel} input[name="shapes"]`)];
        for (const input of inputs) input.checked = wanted.includes(input.value);
        inputs[0].dispatchEvent(new Event('change', { bubbles: true }));
      },
      [section(id), names],
    );
  const start = await inspect(page, id);
  await pick([]);
  const refused = await inspect(page, id);
  assert.equal(refused.state, 'error');
  assert.match(refused.alert, /^Shapes must name at least one of line, circle, rect, triangle/);
  assert.equal(refused.generation, start.generation);
  assert.equal(refused.hash, start.hash);
  await pick(['circle']);
  const circles = await inspect(page, id);
  assert.equal(circles.state, 'ready');
  assert.equal(circles.generation, start.generation + 1, 'the refused empty set generated nothing');
  assert.notEqual(circles.hash, start.hash, 'circles only look different');
  // A real click on a box applies at once.
  await page.click(`${section(id)} input[name="shapes"][value="rect"]`);
  const clicked = await inspect(page, id);
  assert.equal(clicked.generation, circles.generation + 1, 'a click applies the shapes');
  assert.notEqual(clicked.hash, circles.hash);
  await pick(['line', 'circle', 'rect', 'triangle']);
  assert.equal((await inspect(page, id)).hash, start.hash, 'back to all shapes: the same picture');
});

test('every demo is still drawn after scrolling through the whole page (no context lost)', async () => {
  const { page } = fx.session;
  for (const id of DEMO_IDS) {
    await page.locator(`${section(id)} canvas`).scrollIntoViewIfNeeded();
    await nextFrames(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await nextFrames(page);
  for (const id of DEMO_IDS) {
    const view = await inspect(page, id);
    assert.ok(view.drawn > 0.03, `${id} still drawn after scrolling`);
  }
});

test('two bad fields are both reported', async () => {
  const { page } = fx.session;
  const id = 'mpd-final';
  await setField(page, id, 'exponent', '99', { commit: false });
  await setField(page, id, 'spread', 'lots');
  const view = await inspect(page, id);
  assert.equal(view.state, 'error');
  assert.match(view.alert, /Exponent must be/);
  assert.match(view.alert, /Spread must be/);
  await setField(page, id, 'exponent', '5', { commit: false });
  await setField(page, id, 'spread', '0.3');
  assert.equal((await inspect(page, id)).state, 'ready');
});

test('dragging orbits, the wheel zooms, keys and pinch work, and none of them regenerates', async () => {
  const { page } = fx.session;
  const id = 'mpd-iterate';
  const canvas = page.locator(`${section(id)} canvas`);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const start = await inspect(page, id);

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 20, { steps: 6 });
  await page.mouse.up();
  await nextFrames(page);
  const orbited = await inspect(page, id);
  assert.notEqual(orbited.hash, start.hash, 'drag orbits the camera');

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await nextFrames(page);
  const zoomed = await inspect(page, id);
  assert.notEqual(zoomed.hash, orbited.hash, 'wheel zooms');

  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  await nextFrames(page);
  const keyed = await inspect(page, id);
  assert.notEqual(keyed.hash, zoomed.hash, 'arrow keys orbit');

  // Two touch pointers moving together: pinch zoom (out, since the wheel zoomed in).
  await page.evaluate((sel) => {
    const c = document.querySelector(`${sel} canvas`);
    const r = c.getBoundingClientRect();
    const fire = (type, id, x) =>
      c.dispatchEvent(new PointerEvent(type, {
        pointerId: id, pointerType: 'touch', isPrimary: id === 11, bubbles: true,
        clientX: r.left + x, clientY: r.top + r.height / 2,
      }));
    fire('pointerdown', 11, r.width / 2 - 40);
    fire('pointerdown', 12, r.width / 2 + 140);
    fire('pointermove', 12, r.width / 2 + 40);
    fire('pointerup', 11, r.width / 2 - 40);
    fire('pointerup', 12, r.width / 2 + 40);
  }, section(id));
  await nextFrames(page);
  const pinched = await inspect(page, id);
  assert.notEqual(pinched.hash, keyed.hash, 'pinch zooms');

  assert.equal(pinched.generation, start.generation, 'camera moves generate nothing');
  assert.equal(pinched.seed, start.seed);
  assert.ok(pinched.drawn > 0.01, 'still drawn');
});

test('a seed in the address pins every demo, and the same seed draws the same pictures', async () => {
  const hashes = [];
  for (let run = 0; run < 2; run++) {
    const fresh = await openPage(fx.browser, `${fx.server.url}?seed=99`);
    await waitForDemos(fresh.page);
    const views = await Promise.all(DEMO_IDS.map((id) => inspect(fresh.page, id)));
    assert.ok(views.every((v) => v.seed === '99'), 'every demo uses the address seed');
    hashes.push(views.map((v) => v.hash));
    assert.deepEqual(fresh.problems, []);
    await fresh.context.close();
  }
  assert.deepEqual(hashes[0], hashes[1]);
});

test('no console errors, no failed requests, nothing fetched from another origin; screenshots saved', async () => {
  const { page, problems } = fx.session;
  await mkdir(ARTIFACTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, 'page.png'), fullPage: true });
  const phone = await openPage(fx.browser, fx.server.url, { width: 390, height: 844 });
  await waitForDemos(phone.page);
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px too wide)`);
  await phone.page.screenshot({ path: join(ARTIFACTS, 'page-phone.png'), fullPage: true });
  assert.deepEqual(phone.problems, []);
  await phone.context.close();
  assert.deepEqual(problems, []);
});
