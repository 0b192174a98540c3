// Tiles from the page: with a grid chosen beside the format, Download gives one .zip holding
// exactly what `terrain ... --tiles NxM` writes for the same settings, the sidecar included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, section, setFields, download, inspect, terrain, unzipStored } from './harness.mjs';

const fx = suite();


/** Downloads demo `id`'s map as `format` cut into `grid`, through the page's tiles select. */
async function tilesOf(page, id, format, grid) {
  await page.selectOption(`${section(id)} select[name="tiles"]`, grid);
  const file = await download(page, id, format);
  await page.selectOption(`${section(id)} select[name="tiles"]`, '1x1');
  return file;
}

test('the page\'s tiles zip holds the bytes terrain --tiles writes, sidecar and all', async () => {
  const { page, problems } = fx.session;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-tiles-'));
  const cases = [
    ['ds-final', { exponent: '6', seed: '77' }, 'png', '2x2',
      ['ds', '--exponent', '6', '--spread', '0.3', '--reduction', '0.5', '--seed', '77']],
    ['fault-shapes', { iterations: '300', seed: '5' }, 'r32', '3x3',
      ['fault', '--width', '129', '--height', '129', '--iterations', '300',
        '--shapes', 'line,circle,rect,triangle', '--fuzziness', '3', '--seed', '5']],
    ['erosion', { droplets: '2000', seed: '9' }, 'r16', '4x4',
      ['ds', '--exponent', '8', '--erode', '2000', '--seed', '9']],
  ];
  for (const [id, fields, format, grid, args] of cases) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    await setFields(page, id, fields);
    await inspect(page, id);
    const file = await tilesOf(page, id, format, grid);
    const stem = file.name.replace(`-tiles-${grid}-${format}.zip`, '');
    assert.notEqual(stem, file.name, `${id}: ${file.name} names the grid and format`);
    const zipped = unzipStored(file.bytes);

    const dir = join(scratch, id);
    await mkdir(dir);
    terrain([...args, '--out', join(dir, `${stem}.${format}`), '--tiles', grid]);
    const written = (await readdir(dir)).sort();
    assert.deepEqual(Object.keys(zipped).sort(), written, `${id}: the same files`);
    const [across, down] = grid.split('x').map(Number);
    assert.equal(written.length, across * down + 1, `${id}: the tiles and the sidecar`);
    for (const name of written) {
      assert.ok(zipped[name].equals(await readFile(join(dir, name))), `${id}: ${name} byte for byte`);
    }
    const sidecar = JSON.parse(zipped[`${stem}.json`].toString('utf8'));
    assert.equal(sidecar.tiles.files.length, across * down);
    assert.equal(sidecar.seed, Number(fields.seed));
  }
  // A grid the map cannot hold, or tiles of a step, are refused with the reason.
  await setFields(page, 'ds-final', { exponent: '2' });
  await inspect(page, 'ds-final');
  await page.selectOption(`${section('ds-final')} select[name="tiles"]`, '8x8');
  await page.selectOption(`${section('ds-final')} select[name="format"]`, 'png');
  await page.click(`${section('ds-final')} [data-action="download"]`);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.download === 'ready', section('ds-final'));
  const refused = await inspect(page, 'ds-final');
  assert.match(refused.alert, /8x8 tiles do not fit a 5 x 5 map/);
  await page.selectOption(`${section('ds-final')} select[name="tiles"]`, '1x1');
  await setFields(page, 'ds-final', { exponent: '5' });
  await page.selectOption(`${section('mpd-corners')} select[name="tiles"]`, '2x2');
  await page.click(`${section('mpd-corners')} [data-action="download"]`);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.download === 'ready', section('mpd-corners'));
  assert.match((await inspect(page, 'mpd-corners')).alert, /tiles are cut only from a finished map made here from its settings/);
  assert.deepEqual(problems, []);
});
