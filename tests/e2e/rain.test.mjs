// End-to-end: rain at scale. In Chromium with WebGPU (on SwiftShader) the rain runs in the
// worker through WebGPU: the section says `data-engine="webgpu"`, the caption says so with a
// timing, and the `.r32` download is byte for byte `terrain ds --erode N --batch B`. A GPU
// device lost mid-run (destroyed in the worker) leaves the page working: the CPU makes the same
// rain, the caption says what happened, and the terrain stays on screen. In Chromium without
// WebGPU the same batched code runs in wasm (`data-engine="cpu"`) and gives the same bytes. On
// either engine 100 000 droplets on 513 x 513 run no main-thread task over 100 ms.
// Firefox and WebKit: engines.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, download, drawn, inspect, scrub, section, setFields, suite, terrain, timedTest,
  watchLongTasks, longestTask, unwatched,
} from './harness.mjs';

const id = 'rain';

// A small rain, quick on SwiftShader: 129 x 129, 20 000 droplets in 40 batches of 512.
const SMALL = { exponent: '7', droplets: '20000', batch: '512' };

/** What `terrain ds --erode N --batch B` writes for `seed` with the small rain's settings. */
async function cliBytes(seed) {
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-rain-')), 'rain.r32');
  terrain(['ds', '--exponent', SMALL.exponent, '--erode', SMALL.droplets, '--batch', SMALL.batch,
    '--seed', seed, '--out', out]);
  return readFile(out);
}

/** The section's engine and caption line. */
const said = (page) => page.$eval(section(id), (s) => ({
  engine: s.dataset.engine,
  steps: Number(s.dataset.steps),
  caption: s.querySelector('.step-caption').textContent,
}));

/** Scrolls to the demo and waits for its first terrain. */
async function reach(page) {
  await page.waitForFunction((sel) => document.querySelector(`${sel} canvas`), section(id), { timeout: 60_000 });
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1,
    section(id), { timeout: 120_000 });
}

// Each suite opens the page on a link to the small rain with seed 42, so the first rain is small.
const LINK = `#${id}?exponent=${SMALL.exponent}&droplets=${SMALL.droplets}&batch=${SMALL.batch}&seed=42`;

const gpu = suite({ webgpu: true, demos: false, path: LINK });
const cpu = suite({ demos: false, path: LINK });

/** Rains 100 000 droplets on 513 x 513 in `fx`'s page; returns the engine and the longest task. */
async function bigRain(fx, engine) {
  const { page } = fx.session;
  // Run alone (the test command's timed tests), the demo is reached here.
  await reach(page);
  await watchLongTasks(page);
  const started = Date.now();
  await setFields(page, id, { exponent: '9', droplets: '100000', batch: '1024', seed: '3' });
  await drawn(page, id);
  const took = Date.now() - started;
  await unwatched(page, () => page.locator(section(id)).screenshot({ path: join(ARTIFACTS, `rain-${engine}-513.png`) }));
  const longest = await longestTask(page);
  const facts = await said(page);
  console.log(`# rain 100000 droplets on 513x513 (${facts.engine}): ${took} ms until drawn; ${facts.caption}; longest main-thread task ${longest} ms`);
  assert.equal(facts.engine, engine);
  assert.ok(longest <= 100, `longest main-thread task ${longest} ms`);
}

test('with WebGPU the rain runs on the GPU, steps batch by batch, and downloads terrain ds --erode N --batch B', async () => {
  const { page, problems } = gpu.session;
  await reach(page);
  const shown = await inspect(page, id);
  assert.equal(shown.seed, '42', 'the link restored the small rain');
  assert.equal(shown.state, 'ready');
  assert.ok(shown.drawn > 0.05, JSON.stringify(shown));
  const facts = await said(page);
  assert.equal(facts.engine, 'webgpu', facts.caption);
  assert.match(facts.caption, /Rained on the GPU \(WebGPU\) in \d+\.\d\d s\./);
  // Ends after 1, 2, 4 ... 32 batches, then all 40.
  assert.equal(facts.steps, 7);
  const file = await download(page, id, 'r32');
  assert.ok(file.bytes.equals(await cliBytes('42')), `${file.name}: the bytes of terrain ds --erode --batch`);
  // The stepper walks the batches: step 1 is the first batch, step 0 the bare terrain.
  const first = await scrub(page, id, 1);
  assert.match((await said(page)).caption, /^Step 1 of 7: droplets 1 to 512 of 20000, through batch 1\. Rained on the GPU/);
  const bare = await scrub(page, id, 0);
  assert.notEqual(first.hash, bare.hash, 'the first batch changed the map');
  await scrub(page, id, 7);
  assert.deepEqual(problems, []);
});

test('a GPU device lost mid-run: the CPU makes the same rain, says so, and the terrain stays', async () => {
  const { page } = gpu.session;
  const before = await inspect(page, id);
  // In the generator worker: the tenth command encoder from now destroys its device, as a
  // driver reset or a lost GPU would, in the middle of the batches.
  const worker = page.workers().find((w) => w.url().startsWith('blob:'));
  assert.ok(worker, 'the generator worker');
  await worker.evaluate(() => {
    const encoder = GPUDevice.prototype.createCommandEncoder;
    let calls = 0;
    GPUDevice.prototype.createCommandEncoder = function destroyOnce(...args) {
      calls += 1;
      if (calls === 10) this.destroy();
      return encoder.apply(this, args);
    };
  });
  await setFields(page, id, { seed: '43' });
  const after = await inspect(page, id);
  assert.equal(after.state, 'ready');
  assert.equal(after.generation, before.generation + 1);
  assert.ok(after.drawn > 0.05, 'the terrain is on screen');
  const facts = await said(page);
  assert.equal(facts.engine, 'cpu');
  assert.match(facts.caption, /The GPU was lost along the way .*so the CPU made the same rain again\. Rained on the CPU/);
  // The next request opens a new device: the download is the GPU's again, the same bytes.
  const file = await download(page, id, 'r32');
  assert.ok(file.bytes.equals(await cliBytes('43')), 'the bytes of terrain ds --erode --batch');
  await setFields(page, id, { seed: '44' });
  assert.equal((await said(page)).engine, 'webgpu', 'a new device after the loss');
});

timedTest('rain at scale on 513 x 513 through WebGPU: no main-thread task over 100 ms', () => bigRain(gpu, 'webgpu'));

test('without WebGPU the same batched code runs in wasm, with the same bytes', async () => {
  const { page, problems } = cpu.session;
  await reach(page);
  await inspect(page, id);
  const facts = await said(page);
  assert.equal(facts.engine, 'cpu');
  assert.match(facts.caption, /Rained on the CPU \(no WebGPU here: the same batched code in wasm\) in \d+\.\d\d s\./);
  const file = await download(page, id, 'r32');
  assert.ok(file.bytes.equals(await cliBytes('42')), 'the bytes of terrain ds --erode --batch');
  assert.deepEqual(problems, []);
});

timedTest('rain at scale on 513 x 513 in wasm: no main-thread task over 100 ms', () => bigRain(cpu, 'cpu'));
