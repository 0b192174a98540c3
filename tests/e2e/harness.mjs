// Shared set-up for the end-to-end tests: a static server for dist/ on loopback, and headless
// Chromium (Debian's, driven by playwright-core) with software WebGL.
import { execFileSync } from 'node:child_process';
import { test, before, after } from 'node:test';
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveDirectory } from '../../scripts/static-server.mjs';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
export const DIST = resolve(process.env.DIST_DIR ?? join(ROOT, 'dist'));
export const ARTIFACTS = resolve(join(fileURLToPath(import.meta.url), '../artifacts'));

/**
 * Every demo on the page, in page order, with what its section says of it: the `data-demo`
 * sections of index.html, which the demo table's test (`every_source_is_on_the_page_in_order`)
 * holds to the table's rows; the browser test `the_page_marks_each_demo_as_the_table_makes_it`
 * holds the read marks to the table, and chapters.test.mjs the later ones to the module that
 * answers.
 */
const SECTIONS = [...readFileSync(join(ROOT, 'index.html'), 'utf8')
  .matchAll(/<section data-demo="([^"]+)"([^>]*)>/g)].map(([, id, marks]) => ({ id, marks }));

/** Every demo on the page, in page order. */
export const DEMO_IDS = SECTIONS.map((s) => s.id);

/**
 * The demos whose map is read from a file (real land, your own map: `data-map="read"`): the seed
 * only moves the droplets, and none fall until the reader asks, so a new seed shows the same map.
 */
export const READ_IDS = SECTIONS.filter((s) => s.marks.includes('data-map="read"')).map((s) => s.id);

/**
 * The demos whose code is in the later chapters' module (crates/terrain-chapters: fBm, fault
 * lines, erosion and the steps: `data-module="later"`), which the generator worker fetches when
 * the first of them asks; in page order.
 */
export const LATER_IDS = SECTIONS.filter((s) => s.marks.includes('data-module="later"')).map((s) => s.id);

/** The entries of a zip of stored (uncompressed) files: { name: bytes }, read from its headers. */
export function unzipStored(zip) {
  const files = {};
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    if (method !== 0) throw new Error('a deflated entry: the page stores its zips');
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    files[name] = zip.subarray(start, start + size);
    at = start + size;
  }
  if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('no central directory after the files');
  return files;
}

/** The selector of demo `id`'s section. */
export const section = (id) => `section[data-demo="${id}"]`;

/** The words naming every test that times the page's main thread (its name says so). */
export const TIMED = 'no main-thread task over 100 ms';

/**
 * A test that times the page's main thread: `test`, unless E2E_TIMED=skip. The test command
 * runs the suites with E2E_TIMED=skip beside its builds, then these alone
 * (`--test-name-pattern` on TIMED) once the builds are done, so a busy processor cannot fail
 * them; run without E2E_TIMED, a suite runs all its tests, as ever.
 */
export function timedTest(name, fn) {
  if (!name.includes(TIMED)) throw new Error(`a timed test's name says "${TIMED}": ${name}`);
  return test(name, { skip: process.env.E2E_TIMED === 'skip' && 'timed alone (E2E_TIMED=skip)' }, fn);
}

/**
 * The set-up every Chromium suite shares, as `before` and `after` hooks of the file that calls
 * it: serves dist/ (under `prefix`), launches Chromium, makes the artifacts folder, and unless
 * `open` is false opens the page (`path` after the served URL, `viewport`, `init` run before the
 * page's scripts) and waits for every demo's first terrain (unless `demos` is false); with
 * `webgpu`, Chromium offers WebGPU (on SwiftShader). Returns
 * an object whose `server`, `browser` and `session` ({ page, context, problems, requested }) are
 * filled in before the first test.
 */
export function suite({ prefix = '/', open = true, path = '', viewport, init = null, demos = true, webgpu = false } = {}) {
  const fixture = {};
  before(async () => {
    fixture.server = await serve(prefix);
    fixture.browser = await launch({ webgpu });
    await mkdir(ARTIFACTS, { recursive: true });
    if (open) {
      fixture.session = await openPage(fixture.browser, `${fixture.server.url}${path}`, viewport, init);
      if (demos) await waitForDemos(fixture.session.page);
    }
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.server?.close();
  });
  return fixture;
}

/**
 * Sets field `name` of demo `id` to `value` (a checkbox is ticked for 'true'). With `commit` (the
 * default) fires its change, as leaving the field does; with `wait`, waits for the terrain it
 * makes (up to `timeout` ms).
 */
export async function setField(page, id, name, value, { commit = true, wait = false, timeout } = {}) {
  await page.evaluate(([sel, field, text, fire]) => {
    const input = document.querySelector(`${sel} [name="${field}"]`);
    if (input.type === 'checkbox') input.checked = text === 'true';
    else input.value = text;
    if (fire) input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [section(id), name, value, commit]);
  if (wait) await settle(page, id, timeout);
}

/** Types `values` ({ name: text }) into demo `id`'s fields and presses Enter in the last, as a
 * reader would; waits for the terrain they make. */
export async function setFields(page, id, values) {
  const names = Object.keys(values);
  for (const name of names) await page.fill(`${section(id)} [name="${name}"]`, values[name]);
  await page.press(`${section(id)} [name="${names[names.length - 1]}"]`, 'Enter');
  await settle(page, id);
}

/** Resolves after two animation frames: the page has drawn what it was asked to. */
export const nextFrames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** An init script that takes WebGL2 away, as on a browser without it. */
export function withoutWebgl2() {
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function withoutWebgl2(kind, ...rest) {
    return kind === 'webgl2' ? null : getContext.call(this, kind, ...rest);
  };
}

/** Moves demo `id`'s scrubber to `step` as a reader's drag would; resolves to its facts once drawn. */
export async function scrub(page, id, step) {
  await page.$eval(`${section(id)} input[name="step"]`, (input, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
  return inspect(page, id);
}

/** Chooses view `mode` in demo `id`; resolves to its facts once drawn. */
export async function setView(page, id, mode) {
  await page.selectOption(`${section(id)} select[name="view"]`, mode);
  return inspect(page, id);
}

/** Cargo's target directory: the test command's build cache (CARGO_TARGET_DIR) or target/. */
export const TARGET = resolve(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'));

let terrainBin = process.env.TERRAIN_BIN;

/** Runs the debug `terrain` command and resolves to what it printed. The test command names the
 * binary its native tests built from this checkout (TERRAIN_BIN), so the suites need not wait
 * on Cargo's lock while a build runs beside them; otherwise it is built once per process. */
export function terrain(args) {
  if (!terrainBin) {
    execFileSync('cargo', ['build', '-q', '-p', 'terrain-cli', '--bin', 'terrain'], { cwd: ROOT, stdio: 'inherit' });
    terrainBin = join(TARGET, 'debug', 'terrain');
  }
  return execFileSync(terrainBin, args, { stdio: 'pipe' }).toString();
}

/**
 * What field `name` of demo `id` says of itself: the texts of the elements its
 * `aria-describedby` names (its alert first, then its hint), joined.
 */
export function describedBy(page, id, name) {
  return page.$eval(`section[data-demo="${id}"] [name="${name}"]`, (input) =>
    (input.getAttribute('aria-describedby') ?? '').split(' ')
      .map((described) => document.getElementById(described)?.textContent ?? '').join(' '));
}

/** Chooses `format` in demo `id` and presses Download; resolves to the file's name and bytes. */
export async function download(page, id, format) {
  const sel = `section[data-demo="${id}"]`;
  await page.selectOption(`${sel} select[name="format"]`, format);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${sel} [data-action="download"]`),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** Serves DIST on 127.0.0.1 at a free port, under `prefix`; resolves to { url, close }. */
export function serve(prefix = '/') {
  return serveDirectory(DIST, 0, prefix);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** WebGPU on the CPU (SwiftShader): without these flags headless Chromium offers no adapter. */
export const WEBGPU_ARGS = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];

/** Launches headless Chromium; with `webgpu`, with WebGPU on SwiftShader. */
export function launch({ webgpu = false } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: webgpu ? [...CHROMIUM_ARGS, ...WEBGPU_ARGS] : CHROMIUM_ARGS,
  });
}

/**
 * Opens a page (with `init` run before its scripts, if given) and records every console error,
 * page error, failed request, HTTP error and request to another origin in `problems`.
 */
export async function openPage(browser, url, viewport = { width: 1200, height: 900 }, init = null) {
  const context = await browser.newContext({ viewport });
  // Runs in every page and frame before the page's own scripts.
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = [];
  // Every URL the page and its workers ask for, in order.
  const requested = [];
  context.on('request', (r) => requested.push(r.url()));
  const origin = new URL(url).origin;
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) {
      problems.push(`request leaves the origin: ${r.url()}`);
    }
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(url);
  return { page, context, problems, requested };
}

/**
 * Waits until the page has built every demo (one per task after the wasm starts): each section
 * has its canvas, and demos start as they come into view from then on.
 */
export async function waitForMount(page) {
  await page.waitForFunction(
    () => {
      const sections = [...document.querySelectorAll('section[data-demo]')];
      return sections.length > 0 && sections.every((s) => s.querySelector('canvas'));
    },
    null,
    { timeout: 60_000 },
  );
}

/**
 * Waits until every demo section (but those in `except`) has generated at least `count`
 * terrains. Demos start when the reader scrolls near them, so this scrolls to each in turn
 * (ending back at the top).
 */
export async function waitForDemos(page, count = 1, except = []) {
  await waitForMount(page);
  const all = await page.evaluate(() =>
    [...document.querySelectorAll('section[data-demo]')].map((s) => s.dataset.demo),
  );
  const ids = all.filter((id) => !except.includes(id));
  for (const id of ids) {
    await page.evaluate((demoId) => {
      document.querySelector(`section[data-demo="${demoId}"]`).scrollIntoView({ block: 'center' });
    }, id);
    await page.waitForFunction(
      ([demoId, n]) => Number(document.querySelector(`section[data-demo="${demoId}"]`).dataset.generation) >= n,
      [id, count],
      { timeout: 60_000 },
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until a demo has nothing on its way: no terrain (data-state is not "busy") and no routing
 * of the points a Water view shows (data-water is not "routing"). */
export async function settle(page, id, timeout = 60_000) {
  await page.waitForFunction(
    (demoId) => {
      const { state, water } = document.querySelector(`section[data-demo="${demoId}"]`).dataset;
      return state !== 'busy' && water !== 'routing';
    },
    id,
    { timeout },
  );
}

/**
 * Waits until a demo's canvas shows its current state: the page draws on animation frames, and
 * a picture waits while the GPU is still busy with the last 3-D one (`data-picture="pending"`),
 * which with software WebGL can be a few frames.
 */
export async function drawn(page, id, timeout = 30_000) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(
    (demoId) => document.querySelector(`section[data-demo="${demoId}"]`).dataset.picture === 'current',
    id,
    { timeout },
  );
}

/**
 * Facts about one demo's canvas and section: pixels that differ from the sky, a hash, attributes.
 * Waits first for any terrain on its way to arrive and be drawn, so it describes the settled
 * result of the last action.
 */
export async function inspect(page, id) {
  await settle(page, id);
  await drawn(page, id);
  return page.evaluate(sectionFacts, id);
}

/**
 * A demo's section facts without reading its canvas (`generation`, `seed`, `state`, `alert`),
 * once no terrain is on its way: for assertions about the form, where the pixels are not asked.
 */
export async function attributes(page, id) {
  await settle(page, id);
  return page.evaluate((demoId) => {
    const el = document.querySelector(`section[data-demo="${demoId}"]`);
    const { generation, seed, state } = el.dataset;
    return { generation: Number(generation), seed, state, alert: el.querySelector('[role="alert"]').textContent };
  }, id);
}

/**
 * Starts watching the page's main-thread tasks of 50 ms or more (PerformanceObserver
 * `longtask`) from now, again from now when called again; `longestTask` reads them. What the
 * test runs in the page (`page.evaluate`: `inspect`, `canvasPixels`) is not a task the page
 * counts; the browser's own work for a screenshot is, so a test takes those `unwatched`.
 */
export function watchLongTasks(page) {
  return page.evaluate(() => {
    window.__watchedFrom = performance.now();
    window.__unwatched = [];
    if (window.__longTaskSpans) return;
    window.__longTaskSpans = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTaskSpans.push([entry.startTime, entry.startTime + entry.duration]);
    }).observe({ type: 'longtask' });
  });
}

/**
 * Runs `work` (the test's own, such as a screenshot: the browser lays the page out and paints it
 * for the picture, under a busy processor in a task of 100 ms and more) with the long tasks that
 * overlap it left out of `longestTask`; resolves to what `work` resolved to.
 */
export async function unwatched(page, work) {
  const from = await page.evaluate(() => performance.now());
  const result = await work();
  await page.evaluate((start) => window.__unwatched.push([start, performance.now()]), from);
  return result;
}

/** The longest main-thread task since `watchLongTasks` and not `unwatched`, in ms (0: none of 50 ms or more). */
export function longestTask(page) {
  return page.evaluate(() => {
    const apart = ([start, end]) => window.__unwatched.every(([a, b]) => end < a || start > b);
    const spans = window.__longTaskSpans.filter(([, end]) => end >= window.__watchedFrom).filter(apart);
    return Math.round(Math.max(0, ...spans.map(([start, end]) => end - start)));
  });
}

/**
 * The long tasks and the unwatched spans since `watchLongTasks`, as text for a failure's message:
 * each `start+duration` in ms from the watch's start (unwatched ones marked), so a failure says
 * when in the test its task ran.
 */
export function taskSpans(page) {
  return page.evaluate(() => {
    const from = window.__watchedFrom;
    const at = ([start, end]) => `${Math.round(start - from)}+${Math.round(end - start)}`;
    const tasks = window.__longTaskSpans.filter(([, end]) => end >= from).map(at);
    return `tasks ${tasks.join(' ') || 'none'}; unwatched ${window.__unwatched.map(at).join(' ') || 'none'}`;
  });
}

/**
 * The pixels of demo `id`'s canvas, read through a copy in the page (never the page's own
 * canvas) and brought over as base64: `{ width, height, data }` with `data` RGBA bytes.
 */
export async function canvasPixels(page, id) {
  const { width, height, base64 } = await page.evaluate((demoId) => {
    const canvas = document.querySelector(`section[data-demo="${demoId}"] canvas`);
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const reader = copy.getContext('2d', { willReadFrequently: true });
    reader.drawImage(canvas, 0, 0);
    const { data } = reader.getImageData(0, 0, canvas.width, canvas.height);
    let text = '';
    for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, base64: btoa(text) };
  }, id);
  return { width, height, data: new Uint8Array(Buffer.from(base64, 'base64')) };
}

/** How many pixels of `pixels` (from `canvasPixels`) each of `classes` (name: (r, g, b) => bool) takes, the first that matches. */
export function countColours({ data }, classes) {
  const count = Object.fromEntries(Object.keys(classes).map((name) => [name, 0]));
  const rules = Object.entries(classes);
  for (let i = 0; i < data.length; i += 4) {
    const found = rules.find(([, rule]) => rule(data[i], data[i + 1], data[i + 2]));
    if (found) count[found[0]]++;
  }
  return count;
}

/**
 * The Erosion view's tones in demo `id`'s canvas: `removed` pixels (orange, lowered since the
 * base) and `laid` (blue, raised), as `countColours` counts them.
 */
export async function changeTones(page, id) {
  return countColours(await canvasPixels(page, id), {
    removed: (r, g, b) => r - b > 40,
    laid: (r, g, b) => b - r > 40,
  });
}

/**
 * Run in the page: facts about demo `demoId`'s canvas and section (the share of pixels that differ
 * from the sky, the Water view's river pixels, a hash, its attributes). Self-contained, so any driver can send it.
 */
export function sectionFacts(demoId) {
  const section = document.querySelector(`section[data-demo="${demoId}"]`);
  const canvas = section.querySelector('canvas');
  // Read through a copy made for reading, so the page's own canvas is never read back.
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const reader = copy.getContext('2d', { willReadFrequently: true });
  reader.drawImage(canvas, 0, 0);
  const { data } = reader.getImageData(0, 0, canvas.width, canvas.height);
  const sky = [data[0], data[1], data[2]];
  let drawn = 0;
  let rivers = 0;
  let dark = 0;
  let green = 0;
  let hash = 2166136261;
  // The drawn pixels' bounding box, in pixels.
  let [left, right, top, bottom] = [canvas.width, -1, canvas.height, -1];
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - sky[0]) + Math.abs(data[i + 1] - sky[1]) + Math.abs(data[i + 2] - sky[2]) > 9) {
      drawn++;
      const x = (i / 4) % canvas.width;
      const y = Math.floor(i / 4 / canvas.width);
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    // The Water view's rivers: bright blue.
    if (data[i + 2] > 195 && data[i + 1] > 115 && data[i + 2] - data[i] > 120) rivers++;
    // The Land view's shadows and growing ground (as land.test.mjs counts them).
    if (data[i] + data[i + 1] + data[i + 2] < 150) dark++;
    if (data[i + 1] > data[i] + 8 && data[i + 1] > data[i + 2] + 8) green++;
    hash = Math.imul(hash ^ data[i] ^ (data[i + 1] << 8) ^ (data[i + 2] << 16), 16777619) >>> 0;
  }
  return {
    drawn: drawn / (data.length / 4),
    // Where the drawing lies, as shares of the canvas's width and height (0 at the left and top
    // edges, 1 at the right and bottom); all null on an empty canvas.
    box: drawn === 0 ? null : {
      left: left / canvas.width,
      right: (right + 1) / canvas.width,
      top: top / canvas.height,
      bottom: (bottom + 1) / canvas.height,
    },
    rivers,
    dark,
    green,
    hash,
    generation: Number(section.dataset.generation),
    seed: section.dataset.seed,
    state: section.dataset.state,
    alert: section.querySelector('[role="alert"]').textContent,
  };
}

/**
 * Run in the page: focuses the last field of demo `demoId`, or of its last step where it has
 * steps (compose), as a reader tabbing there would (the browser scrolls it into view), and says
 * which field, whether it is (at least partly) in the viewport, and the share of the demo's canvas in the viewport
 * then (0 to 1). Self-contained, so any driver can send it.
 */
export function canvasAtLastField(demoId) {
  const demo = document.querySelector(`section[data-demo="${demoId}"]`);
  const steps = demo.querySelectorAll('form.controls fieldset.step');
  const within = steps.length ? steps[steps.length - 1] : demo.querySelector('form.controls');
  // The last field a reader can reach (a step's band fields hide until its Where asks).
  const fields = [...within.querySelectorAll('input, select')].filter((f) => f.getClientRects().length > 0);
  const last = fields[fields.length - 1];
  last.focus();
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const canvas = demo.querySelector('canvas').getBoundingClientRect();
    const field = last.getBoundingClientRect();
    const seen = Math.max(0, Math.min(canvas.bottom, innerHeight) - Math.max(canvas.top, 0)) / canvas.height;
    resolve({
      field: last.name || last.getAttribute('aria-label') || last.id,
      // At least partly: WebKit scrolls a focused field only just into view.
      fieldInView: field.top < innerHeight && field.bottom > 0 && field.height > 0,
      seen: Number(seen.toFixed(3)),
    });
  })));
}
