// Maps that are read, not generated: the real-land section (the committed USGS DEM, fetched when
// the section comes near) and "Your map" (a file chosen in the picker or dropped on the demo).
// A PNG that `terrain ds` wrote shows the same realism numbers as `terrain stats` on it, and so
// does a file in every other heightmap format the page writes; every kind of bad file (and every
// file of the hostile corpus, tests/hostile/) is refused in one line saying what the page reads,
// and the map stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { suite, section, inspect, terrain, setView, setField, changeTones, ARTIFACTS, ROOT, DIST } from './harness.mjs';

const fx = suite();

/** An 8-bit PNG of `width` x `height` pixels of colour type `type` (0 grey, 2 RGB), all mid-grey. */
function png8(width, height, type) {
  const chunk = (name, data) => {
    const body = Buffer.concat([Buffer.from(name, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = type;
  const row = 1 + width * (type === 2 ? 3 : 1);
  const pixels = Buffer.alloc(row * height, 0x80);
  for (let y = 0; y < height; y++) pixels[y * row] = 0; // each row's filter: none
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Opens demo `id`'s realism panel (if closed) and waits for a data-realism other than `old`. */
async function measured(page, id, old = '') {
  const open = await page.$eval(`${section(id)} details.realism`, (d) => d.open);
  if (!open) await page.locator(`${section(id)} details.realism summary`).click();
  await page.waitForFunction(([sel, before]) => {
    const now = document.querySelector(sel).dataset.realism;
    return now && now !== before;
  }, [section(id), old], { timeout: 120_000 });
  return JSON.parse(await page.$eval(section(id), (s) => s.dataset.realism));
}

/** Chooses `path` in your-map's picker and waits for the worker's answer (a terrain or a refusal). */
async function choose(page, path) {
  const before = await page.$eval(section('your-map'), (s) => [s.dataset.generation, s.querySelector('[role=alert]').textContent]);
  await page.setInputFiles(`${section('your-map')} input[name="heightmap"]`, path);
  await page.waitForFunction(([sel, [generation, alert]]) => {
    const s = document.querySelector(sel);
    return s.dataset.state !== 'busy'
      && (s.dataset.generation !== generation || s.querySelector('[role=alert]').textContent !== alert);
  }, [section('your-map'), before], { timeout: 60_000 });
  return inspect(page, 'your-map');
}

test('real land is drawn in every view, measured as terrain stats measures the committed DEM', async () => {
  const { page, problems, requested } = fx.session;
  const dem = join(ROOT, 'www', 'real-land', 'jacksboro.png');
  assert.ok(requested.some((url) => url.endsWith('real-land/jacksboro.png')), 'fetched once near');
  // Read by the readers' module alone: no writer, no EXR or TIFF codec, at most 100 KB gzipped.
  const fetched = (module) => requested.filter((url) => new RegExp(`/${module}(_bg\\.wasm|\\.js)\\?v=`).test(url));
  assert.equal(fetched('terrain-readers').length, 2, `the readers' glue and wasm: ${requested}`);
  let readerBytes = 0;
  for (const name of ['terrain-readers.js', 'terrain-readers_bg.wasm']) {
    readerBytes += gzipSync(await readFile(join(DIST, name)), { level: 9 }).length;
  }
  console.log(JSON.stringify({ readerBytesGzipped: readerBytes }));
  assert.ok(readerBytes <= 100_000, `real land fetched ${readerBytes} B gzipped of reader code`);
  const caption = await page.$eval(`${section('real-land')} figcaption`, (c) => c.textContent);
  assert.match(caption, /USGS/);
  assert.match(caption, /3 times steeper/, 'the exaggeration is stated');
  const hashes = new Set();
  for (const mode of ['terrain', 'land', 'wireframe', 'map', 'creases', 'water', 'water-3d']) {
    await setView(page, 'real-land', mode);
    const view = await inspect(page, 'real-land');
    assert.equal(view.alert, '', mode);
    assert.ok(view.drawn > 0.05, `${mode}: ${(view.drawn * 100).toFixed(1)}% drawn`);
    hashes.add(view.hash);
    // The map view's blocks keep the cells' 74.4 m by 92.6 m, so the picture is taller than a
    // square: look at it beside the 3-D view's.
    if (mode === 'map') await page.locator(section('real-land')).screenshot({ path: join(ARTIFACTS, 'real-land-map.png') });
    if (mode === 'water-3d') await page.locator(section('real-land')).screenshot({ path: join(ARTIFACTS, 'real-land-water-3d.png') });
  }
  assert.equal(hashes.size, 7, 'seven different pictures');
  // The Land view, real land's first view, has the later chapters' module route the points on
  // screen and colour the land (the Water views' too): none of it loads the file encoders.
  assert.deepEqual(fetched('terrain-files'), [], 'no file encoders before a download or a measure');
  await setView(page, 'real-land', 'terrain');
  await page.locator(section('real-land')).screenshot({ path: join(ARTIFACTS, 'real-land.png') });
  const realism = await measured(page, 'real-land');
  assert.deepEqual(realism, JSON.parse(terrain(['stats', dem, '--json'])));
  // Rain on it: the map changes, its measures with it.
  const before = await page.$eval(section('real-land'), (s) => s.dataset.realism);
  await setField(page, 'real-land', 'droplets', '20000', { wait: true, timeout: 120_000 });
  const eroded = await measured(page, 'real-land', before);
  assert.notDeepEqual(eroded, realism, JSON.stringify([eroded, realism]));
  // The Erosion view compares the eroded land with the land as read (kept by the worker).
  await setView(page, 'real-land', 'erosion');
  const change = await changeTones(page, 'real-land');
  assert.ok(change.removed > 200 && change.laid > 200, `what the droplets did: ${JSON.stringify(change)}`);
  await page.locator(section('real-land')).screenshot({ path: join(ARTIFACTS, 'real-land-erosion.png') });
  await setView(page, 'real-land', 'terrain');
  console.log(JSON.stringify({ read: realism, eroded }));
  assert.deepEqual(problems, []);
});

test('your own PNG shows the numbers terrain stats gives; bad files are refused, the map kept', async () => {
  const { page, problems } = fx.session;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-your-map-'));
  await page.locator(section('your-map')).scrollIntoViewIfNeeded();
  const start = await inspect(page, 'your-map');
  assert.ok(start.drawn > 0.05, 'it holds the real land until a map is brought');

  const png = join(scratch, 'mine.png');
  terrain(['ds', '--exponent', '8', '--seed', '7', '--out', png]);
  const mine = await choose(page, png);
  assert.equal(mine.alert, '');
  assert.notEqual(mine.hash, start.hash, 'the map on screen is the file');
  const realism = await measured(page, 'your-map');
  assert.deepEqual(realism, JSON.parse(terrain(['stats', png, '--json'])));
  await page.locator(section('your-map')).screenshot({ path: join(ARTIFACTS, 'your-map.png') });

  // Each bad file: its message, and the picture and generation unchanged.
  const written = await readFile(png);
  const bad = {
    'photo.png': [png8(16, 16, 2), /8-bit colour/],
    'grey8.png': [png8(16, 16, 0), /8-bit greyscale/],
    'row.r16': [Buffer.alloc(2 * 24), /not a square map/],
    'notes.txt': [Buffer.from('hello, not a map'), /notes\.txt is not a heightmap the page reads/],
    'fake.png': [written.subarray(40), /not a PNG file/],
    // Past a 4097 x 4097 .r32 and the 1 MiB the page allows beyond it for headers.
    'huge.r32': [Buffer.alloc(4 * 4097 * 4097 + (1 << 20) + 4), /too large/],
  };
  for (const [name, [bytes, said]] of Object.entries(bad)) {
    const path = join(scratch, name);
    await writeFile(path, bytes);
    const after = await choose(page, path);
    assert.match(after.alert, said, name);
    assert.match(after.alert, /16-bit greyscale PNG/, `${name}: says what the page reads`);
    assert.match(after.alert, /last good one/, name);
    assert.equal(after.generation, mine.generation, `${name}: no new terrain`);
    assert.equal(after.hash, mine.hash, `${name}: the map on screen stays`);
  }
  // Dropped on the demo, a good file is read as a chosen one is.
  const r32 = join(scratch, 'faults.r32');
  terrain(['fault', '--width', '65', '--height', '65', '--seed', '3', '--out', r32]);
  const bytes = [...await readFile(r32)];
  await page.evaluate(([sel, data]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'faults.r32'));
    document.querySelector(sel).dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, [section('your-map'), bytes]);
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel).dataset.generation) > n,
    [section('your-map'), Number(mine.generation)], { timeout: 60_000 });
  const dropped = await inspect(page, 'your-map');
  assert.equal(dropped.alert, '');
  assert.notEqual(dropped.hash, mine.hash);
  assert.deepEqual(problems, []);
});

test('your map reads every heightmap format the page writes; the hostile corpus is refused in one line', async () => {
  const { page, problems } = fx.session;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-formats-'));
  await page.locator(section('your-map')).scrollIntoViewIfNeeded();
  const accepted = await page.$eval(`${section('your-map')} input[name="heightmap"]`,
    (input) => input.accept.split(',').filter((a) => a.startsWith('.')).map((a) => a.slice(1)));
  const written = await page.$$eval(`${section('ds-final')} select[name="format"] option`,
    (options) => options.map((o) => o.value).filter((v) => !v.includes('.') && v !== 'realism'));
  // Every format the page writes holds heights but the .glb mesh; the picker takes each of them.
  const heightmaps = written.filter((format) => format !== 'glb');
  assert.ok(['png', 'r16', 'r32', 'exr'].every((f) => heightmaps.includes(f)), `${heightmaps}`);
  assert.deepEqual(accepted, heightmaps, 'the picker takes every heightmap format the page writes');
  let last;
  for (const [i, format] of heightmaps.entries()) {
    const file = join(scratch, `mine.${format}`);
    terrain(['ds', '--exponent', '6', '--seed', String(20 + i), '--out', file]);
    const old = await page.$eval(section('your-map'), (s) => s.dataset.realism ?? '');
    last = await choose(page, file);
    assert.equal(last.alert, '', `${format}: read`);
    assert.deepEqual(await measured(page, 'your-map', old), JSON.parse(terrain(['stats', file, '--json'])),
      `${format}: measured as terrain stats measures the file`);
  }
  const hostile = join(ROOT, 'tests', 'hostile');
  const names = (await readdir(hostile)).filter((name) => !name.endsWith('.py')).sort();
  assert.ok(names.length >= 20, `the corpus: ${names}`);
  for (const name of names) {
    const after = await choose(page, join(hostile, name));
    assert.match(after.alert, new RegExp(name.replace('.', '\\.')), `${name}: named`);
    assert.doesNotMatch(after.alert, /\n/, `${name}: one line`);
    assert.match(after.alert, /last good one/, name);
    assert.equal(after.generation, last.generation, `${name}: no new terrain`);
    assert.equal(after.hash, last.hash, `${name}: the map on screen stays`);
  }
  assert.deepEqual(problems, []);
});
