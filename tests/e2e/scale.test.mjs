// End-to-end at scale: the largest terrains the page offers, generated in its worker, must not
// stall the main thread, and hundreds of refreshes must not leak memory or GPU buffers.
// Besides asserting those, this file measures the page figures that BENCHMARKS.md reports and
// writes them to artifacts/page-figures.json (figures are reported, never asserted).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ARTIFACTS, serve, launch, openPage, waitForDemos, waitForMount, inspect, settle, section, setField,
  timedTest,
} from './harness.mjs';

/** Longest main-thread task the page may run while it generates, in milliseconds. */
const LONG_TASK_LIMIT = 100;

/**
 * Instruments the page before any of its scripts run: long tasks (a `longtask`
 * PerformanceObserver), live WebGL buffers (created minus deleted), the page's wasm memory
 * (from Trunk's start event) and the worker's wasm memory (every reply reports it).
 */
function instrument() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames say where a long task's time went: in which scripts (and what
  // called them), or in rendering (style, layout, paint, and any wait for the GPU).
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longFrames.push({
        start: Math.round(entry.startTime),
        duration: Math.round(entry.duration),
        blocking: Math.round(entry.blockingDuration),
        render: Math.round(entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0),
        scripts: entry.scripts.map((s) => ({
          invoker: s.invoker,
          duration: Math.round(s.duration),
          layout: Math.round(s.forcedStyleAndLayoutDuration),
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  /** The longest task that ended after `start`, and the long frames with blocking time since. */
  window.__blockingSince = (start) => ({
    longest: Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration >= start).map((t) => t.duration)),
    frames: window.__longFrames.filter((f) => f.start + f.duration >= start && f.blocking > 0),
  });

  let live = 0;
  const gl = WebGL2RenderingContext.prototype;
  const create = gl.createBuffer;
  const remove = gl.deleteBuffer;
  gl.createBuffer = function createBuffer() {
    const buffer = create.call(this);
    if (buffer) live += 1;
    return buffer;
  };
  gl.deleteBuffer = function deleteBuffer(buffer) {
    if (buffer) live -= 1;
    return remove.call(this, buffer);
  };
  window.__liveBuffers = () => live;
  // The page sets one fence after each 3-D picture (GPU pacing): counting them counts pictures.
  const fenceSync = gl.fenceSync;
  window.__pictures = 0;
  gl.fenceSync = function countedFenceSync(...args) {
    window.__pictures += 1;
    return fenceSync.apply(this, args);
  };

  addEventListener('TrunkApplicationStarted', (event) => {
    window.__pageMemory = () => event.detail.wasm.memory.buffer.byteLength;
  });
  const NativeWorker = window.Worker;
  window.__workers = 0;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.__workers += 1;
      this.addEventListener('message', ({ data }) => {
        if (typeof data?.memory === 'number') window.__workerMemory = data.memory;
      });
    }
  };
}

/** Where a measurement's blocking time went (long animation frames), for a failure message. */
const blame = (result) => `; long frames: ${JSON.stringify(result.frames)}`;


let server;
let browser;
let session;
const figures = {};

before(async () => {
  server = await serve();
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${server.url}?seed=2016`);
  // On a 1200 x 900 window the first demo is in view at once: the tasks until it is drawn
  // include starting WebGL, in three pieces (Renderer::warm_up), each a task of its own.
  await page.waitForFunction(() => Number(document.querySelector('section[data-demo]').dataset.generation) >= 1);
  figures.desktopFirstDemoDrawnMs = Math.round(await page.evaluate(() => performance.now()));
  figures.desktopLongestTaskUntilFirstDemoMs = await page.evaluate(
    () => Math.max(0, ...window.__longTasks.map((t) => t.duration)),
  );
  await waitForDemos(page);
  figures.navigationToAllDemosScrolledMs = Math.round(await page.evaluate(() => performance.now()));
  session = { page, problems };
});

after(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(join(ARTIFACTS, 'page-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('page figures:', JSON.stringify(figures));
  await browser?.close();
  await server?.close();
});

/**
 * Runs `action` in the page and reports the long tasks that started while the demo generated:
 * from the action until the new terrain was on screen. Also reports whether the progress bar
 * was visible at some point and how long the whole took.
 */
async function watch(page, id, action) {
  return page.evaluate(
    async ([sel, act]) => {
      const demo = document.querySelector(sel);
      const busy = demo.querySelector('.busy');
      const generation = Number(demo.dataset.generation);
      const start = performance.now();
      let progressShown = false;
      const poll = setInterval(() => {
        progressShown ||= getComputedStyle(busy).visibility === 'visible';
      }, 50);
      if (act.click) demo.querySelector('[data-action="refresh"]').click();
      else {
        const input = demo.querySelector(`[name="${act.name}"]`);
        input.value = act.value;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      const stateAfterAction = demo.dataset.state;
      await new Promise((resolve) => {
        const check = () => (Number(demo.dataset.generation) > generation ? resolve() : setTimeout(check, 10));
        check();
      });
      const elapsed = performance.now() - start;
      // Let a long task that ended with the reply be reported before reading the list.
      await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(poll);
      return {
        elapsed,
        stateAfterAction,
        progressShown,
        ...window.__blockingSince(start),
        state: demo.dataset.state,
      };
    },
    [section(id), action],
  );
}

test('the long-task probe works: a 200 ms busy task on the main thread is reported', async () => {
  const { page } = session;
  const longest = await page.evaluate(async () => {
    const start = performance.now();
    setTimeout(() => {
      // Busy on purpose, in a task of its own: the stall the other tests must never see.
      while (performance.now() - start < 200);
    }, 0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    return Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration >= start).map((t) => t.duration));
  });
  assert.ok(longest > LONG_TASK_LIMIT, `the observer saw the stall (${longest} ms)`);
});

timedTest('loading the page on a phone runs no main-thread task over 100 ms until WebGL starts, and draws only the land on its first screen', async (t) => {
  // A phone-sized window (Lighthouse's mobile one): the first screen is the opening text and the
  // opening land (`hero`); the demos below start when they come into view. In a browser of its
  // own, as a reader's: the suite's desktop page, scrolled through every demo, would share its
  // GPU process, whose answers WebGL's start waits for on the main thread. The load is guarded
  // until the page asks for WebGL; the first land's start and first pictures are figures, as the
  // first demo's were when the first screen was text (benches/page/load-tasks.mjs counts them).
  // The suite's desktop page first finishes what it has on its way (the demos it scrolled
  // through route their water in the worker after they are drawn): run alone, as the test
  // command runs it, this test came right after that scroll, and the two pages shared two cores
  // (a 185 ms task in a fresh-clone run; 56 to 100 ms in five runs here; 0 in six once it waits).
  await session.page.waitForFunction(
    () => [...document.querySelectorAll('section[data-demo]')]
      .every((s) => s.dataset.state !== 'busy' && s.dataset.water !== 'routing'),
    null,
    { timeout: 60_000 },
  );
  await session.page.waitForTimeout(1000);
  const own = await launch();
  // Closed however the test ends: a browser left open keeps the suite's process alive, and a
  // failed assertion here once held the test command until CI's limit.
  t.after(() => own.close());
  const context = await own.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(instrument);
  await context.addInitScript(() => {
    window.__webgl = 0;
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function wrapped(kind, ...rest) {
      if (kind === 'webgl2') {
        window.__webgl += 1;
        window.__webglAt ??= performance.now();
      }
      return getContext.call(this, kind, ...rest);
    };
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.goto(`${server.url}?seed=2016`);
  // Loaded: every demo built (each section has its canvas), then a second of quiet.
  await waitForMount(page);
  await page.waitForFunction(() => Number(document.querySelector('section[data-demo="hero"]').dataset.generation) >= 1, null, { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('section[data-demo="hero"]').dataset.water !== 'routing', null, { timeout: 30_000 });
  await page.waitForTimeout(1000);
  const loaded = await page.evaluate(() => ({
    longest: Math.max(0, ...window.__longTasks.filter((t) => t.start < window.__webglAt).map((t) => t.duration)),
    frames: window.__longFrames.filter((f) => f.start < window.__webglAt && f.blocking > 0),
    land: Math.max(0, ...window.__longTasks.filter((t) => t.start >= window.__webglAt).map((t) => t.duration)),
    webgl: window.__webgl,
    generated: [...document.querySelectorAll('section[data-demo]')].filter((s) => Number(s.dataset.generation) > 0).map((s) => s.dataset.demo),
    startedMs: Math.round(performance.now()),
  }));
  figures.phoneLoadLongestTaskMs = loaded.longest;
  figures.phoneFirstLandLongestTaskMs = loaded.land;
  assert.ok(loaded.longest <= LONG_TASK_LIMIT, `longest main-thread task while loading: ${loaded.longest} ms${blame(loaded)}`);
  assert.equal(loaded.webgl, 1, 'one WebGL context, for the land in view');
  assert.deepEqual(loaded.generated, ['hero'], 'no terrain generated before its demo is in view');

  // Scrolling the first chapter's demo into view starts it, in the same WebGL context.
  const first = await page.evaluate(async () => {
    const demo = document.querySelector('section[data-demo="line-1d"]');
    const start = performance.now();
    demo.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => {
      const check = () => (Number(demo.dataset.generation) >= 1 ? resolve() : setTimeout(check, 10));
      check();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const tasks = window.__longTasks.filter((t) => t.start + t.duration >= start);
    return { elapsed: performance.now() - start, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
  });
  figures.phoneFirstDemoInViewToDrawnMs = Math.round(first.elapsed);
  figures.phoneFirstDemoLongestTaskMs = first.longest;
  assert.equal(await page.evaluate(() => window.__webgl), 1, 'one shared WebGL context, made on demand');
  assert.deepEqual(problems, []);
  await context.close();
});

timedTest('exponent 12 in every demo with an exponent field: no main-thread task over 100 ms', async () => {
  const { page } = session;
  for (const id of ['mpd-final', 'mpd-recursive', 'ds-final']) {
    const result = await watch(page, id, { name: 'exponent', value: '12' });
    assert.equal(result.stateAfterAction, 'busy', `${id}: busy while the worker generates`);
    assert.equal(result.state, 'ready', id);
    assert.ok(
      result.longest <= LONG_TASK_LIMIT,
      `${id}: longest main-thread task ${result.longest} ms while generating 4097 x 4097${blame(result)}`,
    );
    const shown = await inspect(page, id);
    assert.ok(shown.drawn > 0.03, `${id}: drawn`);
    figures[`${id}Exponent12Ms`] = Math.round(result.elapsed);
    figures[`${id}Exponent12LongestTaskMs`] = result.longest;
  }
  // Refresh latency (click to terrain on screen, median of 5) at exponents 12 and 9.
  const medianRefresh = async (id) => {
    const times = [];
    for (let i = 0; i < 5; i += 1) times.push((await watch(page, id, { click: true })).elapsed);
    return Math.round(times.sort((a, b) => a - b)[2]);
  };
  for (const id of ['mpd-final', 'ds-final']) {
    figures[`${id}RefreshExponent12MedianMs`] = await medianRefresh(id);
    await setField(page, id, 'exponent', '9', { wait: true, timeout: 120_000 });
    figures[`${id}RefreshExponent9MedianMs`] = await medianRefresh(id);
  }
  for (const id of ['mpd-final', 'mpd-recursive', 'ds-final']) await setField(page, id, 'exponent', '5', { wait: true, timeout: 120_000 });
});

/**
 * Steps ds-final (at exponent 12) back and forth and scrubs it in view `mode`; returns the steps
 * seen, the section's counts and the longest main-thread task meanwhile.
 */
function stepAround(page, mode) {
  return page.evaluate(async ([sel, view]) => {
    const demo = document.querySelector(sel);
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const select = demo.querySelector('select[name="view"]');
    select.value = view;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await frame();
    await new Promise((r) => setTimeout(r, 100));
    const start = performance.now();
    const steps = [];
    const scrubber = demo.querySelector('input[name="step"]');
    for (let i = 0; i < 6; i += 1) {
      demo.querySelector('[data-action="step-back"]').click();
      await frame();
      steps.push(Number(demo.dataset.step));
    }
    for (const to of [0, 9, 16, 3, 24]) {
      scrubber.value = String(to);
      scrubber.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      steps.push(Number(demo.dataset.step));
    }
    await new Promise((r) => setTimeout(r, 50));
    return {
      steps,
      count: Number(demo.dataset.steps),
      elapsed: performance.now() - start,
      ...window.__blockingSince(start),
    };
  }, [section('ds-final'), mode]);
}

/**
 * Rounds of stepping in one view: a round with a task over the limit is run again, up to this
 * many rounds in all. A stall the page causes comes back in every round (before GPU pacing every
 * round had several); one stall in a round on its own has been seen once in about fifteen runs
 * of this file, on the CI machine only, in the map view, where the page's work per step is 1 to
 * 3 ms (its long frames are reported, to say where such a stall's time went).
 */
const STEPPING_ROUNDS = 3;

async function stepRounds(page, mode) {
  const rounds = [];
  do rounds.push(await stepAround(page, mode));
  while (rounds.at(-1).longest > LONG_TASK_LIMIT && rounds.length < STEPPING_ROUNDS);
  return rounds;
}

timedTest('stepping through ds-final at exponent 12, in the map and the 3-D view: every step reached, no main-thread task over 100 ms, nothing regenerated', async () => {
  const { page } = session;
  const id = 'ds-final';
  await setField(page, id, 'exponent', '12', { wait: true, timeout: 120_000 });
  const generation = await page.$eval(section(id), (s) => s.dataset.generation);
  // A step costs 1 to 3 ms on the main thread (staging 257 x 257 shown points). Software WebGL
  // takes hundreds of milliseconds a picture; the page never queues a picture behind an
  // unfinished one (GPU pacing), so the main thread never waits for the GPU.
  for (const [mode, name] of [['map', 'Map'], ['terrain', 'Terrain']]) {
    const rounds = await stepRounds(page, mode);
    for (const round of rounds) {
      assert.equal(round.count, 24, 'Diamond-Square at exponent 12: 24 steps');
      assert.deepEqual(round.steps, [23, 22, 21, 20, 19, 18, 0, 9, 16, 3, 24], `${mode} view: steps reached`);
    }
    const last = rounds.at(-1);
    figures[`dsFinalExponent12Stepping${name}LongestTaskMs`] = last.longest;
    figures[`dsFinalExponent12Stepping${name}11ActionsMs`] = Math.round(last.elapsed);
    if (rounds.length > 1 || last.frames.length) {
      figures[`dsFinalExponent12Stepping${name}Rounds`] = rounds.map((r) => ({ longest: r.longest, frames: r.frames }));
    }
    assert.ok(
      last.longest <= LONG_TASK_LIMIT,
      `${mode} view: a main-thread task over ${LONG_TASK_LIMIT} ms in each of ${rounds.length} rounds: ` +
        rounds.map((r) => `${r.longest} ms${blame(r)}`).join('; '),
    );
  }
  assert.equal(await page.$eval(section(id), (s) => s.dataset.generation), generation, 'stepping never regenerates');
  await setField(page, id, 'exponent', '5', { wait: true, timeout: 120_000 });
});

timedTest('100000 faults, sharp lines and fuzzy shapes: no main-thread task over 100 ms, progress shown', async () => {
  const { page } = session;
  for (const id of ['fault-lines', 'fault-shapes']) {
    const result = await watch(page, id, { name: 'iterations', value: '100000' });
    assert.equal(result.state, 'ready', id);
    assert.ok(
      result.longest <= LONG_TASK_LIMIT,
      `${id}: longest main-thread task ${result.longest} ms while generating 100000 faults${blame(result)}`,
    );
    figures[`${id}100000FaultsMs`] = Math.round(result.elapsed);
    figures[`${id}100000FaultsLongestTaskMs`] = result.longest;
    if (result.elapsed > 1000) {
      // Anything that takes a second shows its progress bar (it appears after 200 ms).
      assert.ok(result.progressShown, `${id}: progress shown during ${Math.round(result.elapsed)} ms`);
    }
    assert.ok((await inspect(page, id)).drawn > 0.03, `${id}: drawn`);
  }
  // Progress, for certain: the widest ragged band (fuzziness 64) on 100000 shapes takes seconds.
  const wide = await watch(page, 'fault-shapes', { name: 'fuzziness', value: '64' });
  assert.ok(wide.elapsed > 1000, `the widest bands take long enough to show progress (${Math.round(wide.elapsed)} ms)`);
  assert.ok(wide.progressShown, 'progress shown while 100000 wide-banded shapes are made');
  assert.ok(wide.longest <= LONG_TASK_LIMIT, `longest main-thread task ${wide.longest} ms${blame(wide)}`);
  figures['fault-shapes100000Fuzziness64Ms'] = Math.round(wide.elapsed);
  await setField(page, 'fault-shapes', 'fuzziness', '3', { wait: true, timeout: 120_000 });
  await setField(page, 'fault-lines', 'iterations', '500', { wait: true, timeout: 120_000 });
  await setField(page, 'fault-shapes', 'iterations', '1500', { wait: true, timeout: 120_000 });
});

test('orbiting cost by display size (figures for the vertex budget)', async () => {
  const { page } = session;
  const id = 'ds-final';
  const perSide = {};
  // Exponents 5 to 8 are shown whole (33^2 to 257^2 vertices); 10 is decimated to 257^2.
  // Pictures are paced by the GPU (a frame draws only once the last picture is done), so the
  // cost of a picture is the time for 24 orbit steps over the 3-D pictures actually drawn.
  for (const exponent of ['5', '6', '7', '8', '10']) {
    await setField(page, id, 'exponent', exponent, { wait: true, timeout: 120_000 });
    const orbit = await page.evaluate(async (sel) => {
      const section = document.querySelector(sel);
      const canvas = section.querySelector('canvas');
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      while (section.dataset.picture !== 'current') await frame();
      const start = performance.now();
      const pictures = window.__pictures;
      for (let i = 0; i < 24; i += 1) {
        canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
        await frame();
      }
      while (section.dataset.picture !== 'current') await frame();
      return { elapsed: performance.now() - start, pictures: window.__pictures - pictures };
    }, section(id));
    const side = Math.min(2 ** Number(exponent) + 1, 257);
    perSide[`exponent ${exponent} (${side}x${side} vertices)`] = Math.round(orbit.elapsed / orbit.pictures);
    assert.ok(orbit.pictures > 0, `exponent ${exponent}: pictures were drawn`);
  }
  figures.orbitMeanPictureMs = perSide;
  await setField(page, id, 'exponent', '5', { wait: true, timeout: 120_000 });
});

test('200 refreshes at exponent 10 grow neither wasm memory (page or worker) nor GPU buffers', async () => {
  const { page } = session;
  const id = 'ds-final';
  await setField(page, id, 'exponent', '10', { wait: true, timeout: 120_000 });
  const refresh = async (times) => {
    for (let i = 0; i < times; i += 1) {
      const before = Number(await page.$eval(section(id), (s) => s.dataset.generation));
      await page.click(`${section(id)} button[data-action="refresh"]`);
      await page.waitForFunction(
        ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
        [section(id), before + 1],
      );
    }
    return page.evaluate(() => ({
      buffers: window.__liveBuffers(),
      page: window.__pageMemory(),
      worker: window.__workerMemory,
      workers: window.__workers,
    }));
  };
  const warm = await refresh(10);
  const after200 = await refresh(200);
  figures.refresh200 = { warm, after200 };
  assert.equal(warm.workers, 1, 'one worker serves every demo');
  assert.ok(warm.worker > 0, 'the worker reports its memory');
  assert.equal(after200.buffers, warm.buffers, 'live GPU buffers');
  assert.equal(after200.page, warm.page, 'page wasm memory');
  assert.equal(after200.worker, warm.worker, 'worker wasm memory');
  await setField(page, id, 'exponent', '5', { wait: true, timeout: 120_000 });
  assert.deepEqual(session.problems, []);
});
