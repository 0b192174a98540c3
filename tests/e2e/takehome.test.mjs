// End-to-end: taking a terrain home. Downloads from the page are byte for byte what the
// `terrain` command writes for the same settings and seed; share links bring a demo back exactly;
// refused link values are reported; the tileable Diamond-Square shows 2 x 2 without a seam;
// every map made here goes to a game engine as `--for` writes it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, DEMO_IDS, DIST, openPage, waitForMount, waitForDemos, inspect, settle, drawn, terrain, download, suite, section,
  setField, unzipStored,
} from './harness.mjs';


let scratch;

const fx = suite();

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'terrain-e2e-'));
});


test('downloads of every format and derived map from ds-final and fault-shapes equal the command line\'s files', async () => {
  const { page } = fx.session;
  const encoders = (urls) => urls.filter((url) => /\/terrain-files(_bg\.wasm|\.js)(\?|$)/.test(url));
  // A fresh page: its first demos draw without the encoders (real land, further down, has the
  // worker read its file with them once it comes near).
  const fresh = await openPage(fx.browser, fx.server.url);
  await fresh.page.waitForFunction(() => Number(document.querySelector('section[data-demo]').dataset.generation) >= 1);
  assert.deepEqual(encoders(fresh.requested), [], 'the file encoders are not part of the first load');
  await fresh.context.close();
  const cases = {
    'ds-final': ['ds', '--exponent', '5', '--spread', '0.3', '--reduction', '0.5'],
    'fault-shapes': ['fault', '--width', '129', '--height', '129', '--iterations', '1500',
      '--shapes', 'line,circle,rect,triangle', '--fuzziness', '3'],
  };
  for (const [id, args] of Object.entries(cases)) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    await setField(page, id, 'seed', '4242', { wait: true });
    const before = await inspect(page, id);
    // Every map format the page offers (the format rows, crates/terrain/src/files/formats/).
    const formats = await page.$$eval(`${section(id)} select[name="format"] option`,
      (options) => options.map((o) => o.value).filter((v) => !v.includes('.') && v !== 'realism'));
    assert.ok(['png', 'r16', 'r32', 'glb', 'exr'].every((f) => formats.includes(f)), `${formats}`);
    for (const format of formats) {
      const file = await download(page, id, format);
      const expectedName = id === 'ds-final' ? `ds-e5-seed-4242.${format}` : `fault-129x129-seed-4242.${format}`;
      assert.equal(file.name, expectedName, `${id} ${format}: named for what made it`);
      const out = join(scratch, `${id}.${format}`);
      terrain([...args, '--seed', '4242', '--out', out]);
      const expected = await readFile(out);
      assert.ok(file.bytes.equals(expected), `${id} ${format}: ${file.bytes.length} bytes equal the CLI's ${expected.length}`);
      const status = await page.$eval(`${section(id)} .status`, (s) => s.textContent);
      assert.match(status, new RegExp(`^Downloaded ${expectedName.replace('.', '\\.')}`));
    }
    // The maps derived from the heights, as `--maps` writes them without --height-m (the page's
    // relief) and without --for (green up).
    const stem = join(scratch, `${id}-derived`);
    terrain([...args, '--seed', '4242', '--maps', 'normal,slope', '--out', `${stem}.png`]);
    for (const map of ['normal', 'slope']) {
      const file = await download(page, id, `${map}.png`);
      assert.match(file.name, new RegExp(`\\.${map}\\.png$`));
      const expected = await readFile(`${stem}_${map}.png`);
      assert.ok(file.bytes.equals(expected), `${id} ${map}.png: ${file.bytes.length} bytes equal the CLI's ${expected.length}`);
    }
    const after = await inspect(page, id);
    assert.equal(after.generation, before.generation, `${id}: downloading generates no new terrain`);
    assert.equal(after.hash, before.hash);
    assert.equal(after.alert, '');
  }
  assert.equal(encoders(fx.session.requested).length, 2, `the encoders load once, on the first download: ${encoders(fx.session.requested)}`);
  // Both by their content: SHA-256 over the glue and then the wasm, as built (stamp-files.mjs).
  const hash = createHash('sha256');
  for (const name of ['terrain-files.js', 'terrain-files_bg.wasm']) hash.update(await readFile(join(DIST, name)));
  const version = hash.digest('hex').slice(0, 16);
  for (const url of encoders(fx.session.requested)) assert.match(url, new RegExp(`\\?v=${version}$`), `${url} names the encoders' content`);
  // A tile downloads as the command line's --wrap writes it.
  await setField(page, 'ds-final', 'wrap', 'true', { wait: true });
  const tile = await download(page, 'ds-final', 'r32');
  assert.equal(tile.name, 'ds-e5-seed-4242-wrap.r32');
  const out = join(scratch, 'tile.r32');
  terrain(['ds', '--exponent', '5', '--seed', '4242', '--wrap', '--out', out]);
  assert.ok(tile.bytes.equals(await readFile(out)), 'the tile equals terrain ds --wrap');
  await setField(page, 'ds-final', 'wrap', 'false', { wait: true });
});

test('a download that fails says why in the alert and keeps the terrain', async () => {
  const { page } = fx.session;
  const id = 'ds-final';
  const before = await inspect(page, id);
  await page.$eval(`${section(id)} select[name="format"]`, (select) => {
    const option = document.createElement('option');
    option.value = 'xyz';
    select.append(option);
    select.value = 'xyz';
  });
  await page.click(`${section(id)} [data-action="download"]`);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.download === 'ready', section(id));
  const after = await inspect(page, id);
  assert.match(after.alert, /^The file could not be made \(no file format called "xyz"\)\. The terrain shown stays\./);
  assert.equal(after.hash, before.hash);
  assert.equal(after.generation, before.generation);
  await page.$eval(`${section(id)} select[name="format"] option[value="xyz"]`, (o) => o.remove());
  await setField(page, id, 'seed', '4243', { wait: true });
  assert.equal((await inspect(page, id)).alert, '', 'the next change clears it');
});

test('share links bring every demo back: same fields, same picture, scrolled into view', async () => {
  const { page, context } = fx.session;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const changes = {
    'mpd-final': [['exponent', '6'], ['spread', '0.45']],
    'ds-final': [['exponent', '6'], ['wrap', 'true']],
    'line-1d': [['iterations', '9'], ['roughness', '1.25']],
    'fault-shapes': [['iterations', '700'], ['fuzziness', '1.5']],
  };
  // One visitor's tab opens every link in turn, each a fresh load by way of a blank page: the
  // browser's caches stay warm, as a reader's would.
  const visit = await openPage(fx.browser, fx.server.url);
  for (const id of DEMO_IDS) {
    await setField(page, id, 'seed', String(1000 + DEMO_IDS.indexOf(id)), { wait: true });
    for (const [name, value] of changes[id] ?? []) await setField(page, id, name, value, { wait: true });
    const original = await inspect(page, id);
    const fields = await page.$$eval(`${section(id)} form.controls input[name]`, (inputs) =>
      inputs.map((i) => `${i.name}=${i.type === 'checkbox' ? i.checked : i.value}`));
    await page.click(`${section(id)} [data-action="share"]`);
    // A link never carries a map the reader brought, and "Your map" says so.
    const said = id === 'your-map' ? 'Link copied; it keeps the settings, not your file' : 'Link copied';
    await page.waitForFunction(([sel, text]) => document.querySelector(`${sel} .status`).textContent === text, [section(id), said]);
    const link = await page.$eval(section(id), (s) => s.dataset.link);
    assert.ok(link.startsWith(`${fx.server.url}#${id}?`), `${id}: ${link}`);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, `${id}: on the clipboard`);

    await visit.page.goto('about:blank');
    await visit.page.goto(link);
    // The page scrolls the linked demo into view, which starts it.
    await visit.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id));
    const inView = await visit.page.$eval(section(id), (s) => {
      const r = s.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    assert.ok(inView, `${id}: scrolled into view`);
    const back = await inspect(visit.page, id);
    const backFields = await visit.page.$$eval(`${section(id)} form.controls input[name]`, (inputs) =>
      inputs.map((i) => `${i.name}=${i.type === 'checkbox' ? i.checked : i.value}`));
    assert.deepEqual(backFields, fields, `${id}: the same settings`);
    assert.equal(back.seed, original.seed, `${id}: the same seed`);
    assert.equal(back.hash, original.hash, `${id}: the same picture`);
    assert.equal(back.alert, '', `${id}: nothing to report`);
    assert.deepEqual(visit.problems, [], id);
    for (const [name] of changes[id] ?? []) {
      const start = { exponent: '5', spread: '0.3', wrap: 'false', iterations: id === 'line-1d' ? '8' : '1500', roughness: '1', fuzziness: '3' };
      await setField(page, id, name, start[name], { wait: true });
    }
  }
  await visit.context.close();
});

test('refused link values and a refused address seed are reported like bad fields', async () => {
  const cases = [
    ['#ds-final?exponent=40&seed=5', 'ds-final', /^This link's value was not allowed: Exponent must be a whole number from 1 to 12, got "40"\. The demo starts at its defaults\./],
    ['#line-1d?iterations=0', 'line-1d', /Iterations must be a whole number from 1 to 20/],
    ['#fault-shapes?shapes=hexagon', 'fault-shapes', /Shapes must be chosen from line, circle, rect, triangle/],
    ['#mpd-final?colour=red', 'mpd-final', /the link names no setting "colour"/i],
    ['#ds-final?wrap=maybe', 'ds-final', /Wrap must be true or false/],
  ];
  for (const [fragment, id, message] of cases) {
    const visit = await openPage(fx.browser, `${fx.server.url}${fragment}`);
    // The page scrolls the linked demo into view, which starts it; the others wait their turn.
    await waitForMount(visit.page);
    await visit.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id));
    const view = await inspect(visit.page, id);
    assert.match(view.alert, message, fragment);
    assert.equal(view.state, 'ready', `${fragment}: the demo runs at its defaults`);
    assert.ok(view.drawn > 0.03, `${fragment}: drawn`);
    const exponent = await visit.page.$eval(`${section(id)} form.controls input`, (i) => i.value);
    if (id === 'ds-final') assert.equal(exponent, '5', 'the default exponent');
    assert.deepEqual(visit.problems, []);
    await visit.context.close();
  }
  const visit = await openPage(fx.browser, `${fx.server.url}?seed=abc`);
  await waitForDemos(visit.page);
  for (const id of DEMO_IDS) {
    const view = await inspect(visit.page, id);
    assert.match(view.alert, /^The page address's seed was not allowed: Seed must be a whole number from 0 to 18446744073709551615, got "abc"\./, id);
    assert.notEqual(view.seed, 'abc');
  }
  // The notice goes once the reader changes something.
  await setField(visit.page, 'mpd-final', 'seed', '7', { wait: true });
  assert.equal((await inspect(visit.page, 'mpd-final')).alert, '');
  await visit.context.close();
});

test('the tileable preview shows four copies that join without a seam', async () => {
  const { page } = fx.session;
  const id = 'ds-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setField(page, id, 'seed', '31', { wait: true });
  const single = await inspect(page, id);
  await setField(page, id, 'wrap', 'true', { wait: true });
  const tiled = await inspect(page, id);
  assert.notEqual(tiled.hash, single.hash, 'a different picture');
  await mkdir(ARTIFACTS, { recursive: true });
  await page.locator(`${section(id)} figure`).screenshot({ path: join(ARTIFACTS, 'ds-final-tileable.png') });
  await page.selectOption(`${section(id)} select[name="view"]`, 'map');
  await drawn(page, id);
  // In the map the left and right halves repeat each other, pixel for pixel.
  const repeat = await page.$eval(`${section(id)} canvas`, (canvas) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d', { willReadFrequently: true });
    context.drawImage(canvas, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
    // Find the map's square: the pixels that are not sky on the middle row.
    const row = Math.floor(height / 2);
    const sky = [data[0], data[1], data[2]];
    const at = (x, y) => (y * width + x) * 4;
    let left = 0;
    while (left < width && Math.abs(data[at(left, row)] - sky[0]) + Math.abs(data[at(left, row) + 1] - sky[1]) < 6) left += 1;
    let right = width - 1;
    while (right > 0 && Math.abs(data[at(right, row)] - sky[0]) + Math.abs(data[at(right, row) + 1] - sky[1]) < 6) right -= 1;
    // 2 x 2 copies of a 33-point tile: 65 blocks a side, repeating every 32. Compare the centers
    // of blocks (i, j) and (i + 32, j).
    const cell = (right - left + 1) / 65;
    const top = Math.round((height - cell * 65) / 2);
    let same = 0;
    let total = 0;
    for (let j = 0; j < 65; j += 1) {
      for (let i = 0; i < 33; i += 1) {
        const y = Math.floor(top + (j + 0.5) * cell);
        const a = at(Math.floor(left + (i + 0.5) * cell), y);
        const b = at(Math.floor(left + (i + 32.5) * cell), y);
        total += 1;
        if (Math.abs(data[a] - data[b]) <= 2) same += 1;
      }
    }
    return { same, total };
  });
  assert.ok(repeat.total > 100 && repeat.same / repeat.total > 0.97, `halves repeat: ${repeat.same} of ${repeat.total}`);
  await page.locator(`${section(id)} figure`).screenshot({ path: join(ARTIFACTS, 'ds-final-tileable-map.png') });
  await page.selectOption(`${section(id)} select[name="view"]`, 'terrain');
  await setField(page, id, 'wrap', 'false', { wait: true });
  assert.deepEqual(fx.session.problems, []);
});

test('every map made here goes to a game engine: erosion, rain and uplift zip what --for writes; read maps offer none', async () => {
  const { page } = fx.session;
  const cases = { erosion: { exponent: '7' }, rain: { exponent: '7' }, uplift: { exponent: '7' } };
  for (const [id, fields] of Object.entries(cases)) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    for (const [name, value] of Object.entries(fields)) await setField(page, id, name, value);
    await setField(page, id, 'seed', '4', { wait: true });
    const offered = await page.$$eval(`${section(id)} select[name="format"] option`, (o) => o.map((x) => x.value));
    for (const engine of ['unity.r16', 'unreal.png', 'godot.r16', 'blender.png']) {
      assert.ok(offered.includes(engine), `${id} offers ${engine}: ${offered}`);
    }
    const file = await download(page, id, 'unity.r16');
    assert.match(file.name, /\.unity\.zip$/, `${id}: ${file.name}`);
    const entries = unzipStored(file.bytes);
    const stem = file.name.replace(/\.unity\.zip$/, '');
    for (const name of [`${stem}.r16`, `${stem}.json`, `${stem}.txt`, `${stem}_splat0.png`, `${stem}_albedo.png`]) {
      assert.ok(entries[name], `${id}: ${name} in ${Object.keys(entries)}`);
    }
    const settings = JSON.parse(entries[`${stem}.json`].toString());
    assert.equal(settings.engine, 'unity');
    const sizes = [settings.import.terrain_width_m, settings.import.terrain_length_m, settings.import.terrain_height_m];
    assert.ok(sizes.every((v) => v > 0), `${id}: Unity's three sizes: ${JSON.stringify(settings.import)}`);
    // The command in the text beside them writes the same heightmap and sidecar.
    const text = entries[`${stem}.txt`].toString();
    const lines = text.split('\n');
    const given = lines[lines.indexOf('The same files, byte for byte, from the terrain command line:') + 1]?.trim() ?? '';
    assert.match(given, /^terrain .* --for unity /, `${id}: ${text}`);
    const folder = await mkdtemp(join(scratch, `${id}-unity-`));
    const words = given.split(' ').slice(1);
    const out = words.indexOf('--out');
    words[out + 1] = join(folder, words[out + 1]);
    terrain(words);
    for (const name of [`${stem}.r16`, `${stem}.json`]) {
      assert.ok(entries[name].equals(await readFile(join(folder, name))), `${id}: ${name} as ${given} writes it`);
    }
  }
  // A map read from a file is the file's: the real land offers no engine's zip.
  const real = await page.$$eval(`${section('real-land')} select[name="format"] option`, (o) => o.map((x) => x.value));
  assert.ok(real.length > 0 && !real.some((v) => /^(unity|unreal|godot|blender)\./.test(v)), `real land: ${real}`);
});
