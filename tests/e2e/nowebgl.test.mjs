// End-to-end: a browser without WebGL2 (old GPUs, locked-down machines, headless Firefox). Every
// demo shows its map by itself and says why; the lit view cannot be chosen; stepping and
// downloads work as with WebGL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACTS, DEMO_IDS, inspect, settle, drawn, terrain, download, suite, section, withoutWebgl2 } from './harness.mjs';


const fx = suite({ init: withoutWebgl2 });


test('without WebGL2 every demo shows a non-blank map, says why, and offers no lit view', async () => {
  const { page, problems } = fx.session;
  for (const id of DEMO_IDS) {
    const shown = await inspect(page, id);
    // The 1-D skyline's map is a chart: one line across the canvas, not blocks.
    const least = id === 'line-1d' ? 0.003 : 0.2;
    assert.ok(shown.drawn > least, `${id}: the map is drawn (${shown.drawn})`);
    const facts = await page.$eval(section(id), (s) => ({
      webgl: s.dataset.webgl,
      view: s.querySelector('select[name="view"]').value,
      lit: s.querySelector('select[name="view"] option[value="terrain"]').disabled,
      wireframe: s.querySelector('select[name="view"] option[value="wireframe"]').disabled,
      note: s.querySelector('.no-3d').textContent,
    }));
    assert.deepEqual(
      { ...facts, note: undefined },
      // The comparison opens on its own 2-D view, the shaded relief.
      { webgl: 'missing', view: id === 'creases' ? 'creases' : 'map', lit: true, wireframe: false, note: undefined },
      id,
    );
    assert.match(facts.note, /^This browser cannot draw 3-D \(no WebGL2\), so the map view is shown\./);
    assert.equal(shown.alert, '', `${id}: nothing is wrong with the fields`);
  }
  await mkdir(ARTIFACTS, { recursive: true });
  await page.locator(section('ds-final')).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, 'no-webgl.png') });
  assert.deepEqual(problems, []);
});

test('without WebGL2 stepping moves the map and a download is the command line\'s file', async () => {
  const { page } = fx.session;
  const id = 'ds-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await page.fill(`${section(id)} input[name="seed"]`, '77');
  await page.press(`${section(id)} input[name="seed"]`, 'Enter');
  await settle(page, id);
  const end = await inspect(page, id);
  const steps = Number(await page.$eval(section(id), (s) => s.dataset.steps));
  await page.click(`${section(id)} [data-action="step-back"]`);
  await drawn(page, id);
  const back = await inspect(page, id);
  assert.equal(await page.$eval(section(id), (s) => Number(s.dataset.step)), steps - 1);
  assert.notEqual(back.hash, end.hash, 'the step shows on the map');
  await page.click(`${section(id)} [data-action="step"]`);
  assert.equal((await inspect(page, id)).hash, end.hash, 'stepping forward brings the map back');
  // The wireframe is drawn in 2-D and stays on offer.
  await page.selectOption(`${section(id)} select[name="view"]`, 'wireframe');
  const wire = await inspect(page, id);
  assert.ok(wire.drawn > 0.02 && wire.hash !== end.hash, 'the wireframe draws');
  await page.selectOption(`${section(id)} select[name="view"]`, 'map');
  const file = await download(page, id, 'r16');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-nowebgl-')), 'map.r16');
  terrain(['ds', '--exponent', '5', '--seed', '77', '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), 'the download equals the command line\'s file');
  assert.equal((await inspect(page, id)).generation, end.generation, 'nothing regenerated');
});
