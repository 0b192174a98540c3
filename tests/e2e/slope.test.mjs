// End-to-end: the Slope view. Offered wherever the map view is; the top-down map coloured by the
// slope angle as `--maps slope` measures it (the page's relief: the map's range 0.6 of its width
// tall), pale where flat and dark where steep, with a legend in degrees whose steepest and mean
// angles equal those of a reading of the downloaded map written here, apart from the Rust code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, DEMO_IDS, download, canvasPixels, countColours, suite, setFields, setView, nextFrames, section,
} from './harness.mjs';

const fx = suite();

/** The slope angle in degrees at each point of a `side` x `side` map of `heights`, read here as
 * `--maps slope` defines it: central differences inside, one-sided on the border, the heights
 * standing 0.6 of the map's width (side - 1 cells) tall. */
function slopes(heights, side) {
  const at = (x, y) => heights[y * side + x];
  const scale = 0.6 * (side - 1);
  const out = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [x0, x1] = [Math.max(x - 1, 0), Math.min(x + 1, side - 1)];
      const [y0, y1] = [Math.max(y - 1, 0), Math.min(y + 1, side - 1)];
      const east = (at(x1, y) - at(x0, y)) * scale / (x1 - x0);
      const south = (at(x, y1) - at(x, y0)) * scale / (y1 - y0);
      out.push(Math.atan(Math.hypot(east, south)) * 180 / Math.PI);
    }
  }
  return out;
}

test('the slope view is offered wherever the map view is', async () => {
  const { page } = fx.session;
  for (const id of DEMO_IDS) {
    const options = await page.$$eval(`${section(id)} select[name="view"] option`, (o) => o.map((x) => x.value));
    assert.equal(options.includes('slope'), options.includes('map'), `${id}: ${options}`);
    if (options.includes('slope')) {
      const label = await page.$eval(`${section(id)} select[name="view"] option[value="slope"]`, (o) => o.textContent);
      assert.equal(label, 'Slope (degrees)');
    }
  }
});

test('the slope view colours the ground by its angle, its legend in degrees as --maps slope reads', async () => {
  const { page, problems } = fx.session;
  const id = 'ds-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await setFields(page, id, { exponent: '7', seed: '3' });
  await setView(page, id, 'slope');
  await nextFrames(page);
  const legend = await page.$eval(section(id), (s) => s.dataset.legend);
  const said = legend.match(/^slope 0° \(pale\) to 90°; steepest (\d+\.\d)°, mean (\d+\.\d)°$/);
  assert.ok(said, legend);
  const [steepest, mean] = [Number(said[1]), Number(said[2])];

  const file = await download(page, id, 'r32');
  const side = 129;
  assert.equal(file.bytes.length, side * side * 4);
  const heights = new Float32Array(file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.length));
  const angles = slopes(heights, side);
  const most = Math.max(...angles);
  const average = angles.reduce((a, b) => a + b, 0) / angles.length;
  assert.ok(Math.abs(most - steepest) <= 0.051, `steepest ${steepest}° shown, ${most.toFixed(3)}° read`);
  assert.ok(Math.abs(average - mean) <= 0.051, `mean ${mean}° shown, ${average.toFixed(3)}° read`);
  assert.ok(steepest > mean && mean > 1, legend);

  // Pale flats and dark slopes both on the map: the ramp spans the ground.
  const tones = countColours(await canvasPixels(page, id), {
    pale: (r, g, b) => r > 225 && g > 215 && b > 150,
    dark: (r, g, b) => r > 100 && g < 90 && b < 90,
  });
  assert.ok(tones.pale > 200 && tones.dark > 200, JSON.stringify(tones));
  await page.locator(section(id)).screenshot({ path: join(ARTIFACTS, 'slope-ds.png') });
  await setView(page, id, 'terrain');
  assert.deepEqual(problems, []);
});
