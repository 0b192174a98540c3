// The "How real is it?" panel: opening it measures the terrain on screen at full resolution, the
// section's data-realism then holds what `terrain stats --json` prints for that map (the page's
// own .r32 download), and the table shows each measure beside real land's with what it says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, section, setField, download, terrain } from './harness.mjs';

const fx = suite();

/** Opens demo `id`'s panel and waits for its data-realism; resolves to it, parsed. */
async function measured(page, id) {
  await page.locator(`${section(id)} details.realism summary`).click();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.realism, section(id), { timeout: 120_000 });
  return JSON.parse(await page.$eval(section(id), (s) => s.dataset.realism));
}

test('the panel measures the map on screen as terrain stats measures its download', async () => {
  const { page, problems } = fx.session;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-realism-'));
  for (const id of ['ds-final', 'fault-shapes', 'erosion']) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    await setField(page, id, 'seed', '4242', { wait: true });
    const realism = await measured(page, id);
    assert.deepEqual(Object.keys(realism).sort(),
      ['bifurcation', 'concavity', 'drainage_top1', 'hack', 'hurst', 'hypsometric_integral', 'pits_per_1000', 'spectral_slope']);
    const file = await download(page, id, 'r32');
    const path = join(scratch, `${id}.r32`);
    await writeFile(path, file.bytes);
    const stats = JSON.parse(terrain(['stats', path, '--json']));
    assert.deepEqual(realism, stats, `${id}: the panel's measures are terrain stats' for the same map`);
    const rows = await page.$$eval(`${section(id)} details.realism tbody tr`, (trs) =>
      trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.equal(rows.length, 8);
    assert.deepEqual(rows.map((r) => r[0]), ['Hurst exponent', 'Spectral slope', 'Hypsometric integral', 'Pits per 1000 cells', 'Top 1 % drainage', 'Concavity θ', 'Hack exponent', 'Bifurcation ratio']);
    assert.deepEqual(rows.map((r) => r[2]), ['0.64', '3.71', '0.35', '8.69', '0.81', '0.22', '0.52', '4.82'], 'real land beside it');
    // The table shows the measure to 2 decimals, `data-realism` to 4: rounded twice, a value
    // such as 0.62496 reads 0.6250 there and 0.62 here, so the two agree within half a step.
    assert.match(rows[0][1], /^\d+\.\d\d$/);
    assert.ok(Math.abs(Number(rows[0][1]) - realism.hurst) <= 0.005 + 0.00005, `${rows[0][1]} shows ${realism.hurst}`);
    assert.match(rows[2][3], /Strahler 1952/);
    // The land's materials: the seven layers, each with its colour and share, largest first.
    const layers = await page.$$eval(`${section(id)} details.realism [data-legend="layers"] li`, (lis) =>
      lis.map((li) => ({ text: li.textContent, swatch: getComputedStyle(li.querySelector('.swatch')).backgroundColor })));
    assert.equal(layers.length, 7, JSON.stringify(layers));
    const shares = layers.map((l) => Number(/(\d+) %$/.exec(l.text)?.[1]));
    assert.ok(shares.every((share, i) => i === 0 || share <= shares[i - 1]), `largest first: ${shares}`);
    const total = shares.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 100) <= 4, `${id}: the shares make the map (${total} %)`);
    assert.equal(new Set(layers.map((l) => l.swatch)).size, 7, 'a colour a layer');
  }
  // A new terrain while the panel is open is measured again.
  const before = await page.$eval(section('ds-final'), (s) => s.dataset.realism);
  await setField(page, 'ds-final', 'seed', '4243', { wait: true });
  await page.waitForFunction(([sel, old]) => document.querySelector(sel).dataset.realism !== old,
    [section('ds-final'), before], { timeout: 60_000 });
  assert.deepEqual(problems, []);
});
