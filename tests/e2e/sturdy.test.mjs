// End-to-end: faults the page must survive. The shared WebGL2 context lost and restored (with a
// refresh during the loss), an error raised on the generator worker mid-generation, a worker
// that stops answering altogether, and a browser where no worker starts at all (no terrain is
// made then: the generators load in the worker).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_IDS, READ_IDS, attributes, waitForDemos, inspect, settle, suite, section } from './harness.mjs';


/** Keeps every WebGL2 context and generator worker the page makes, for the tests to reach. */
function capture() {
  const getContext = HTMLCanvasElement.prototype.getContext;
  window.__contexts = [];
  HTMLCanvasElement.prototype.getContext = function capturing(kind, ...rest) {
    const context = getContext.call(this, kind, ...rest);
    if (kind === 'webgl2' && context) window.__contexts.push(context);
    return context;
  };
  const NativeWorker = window.Worker;
  window.__workers = [];
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.__workers.push(this);
    }
  };
}


/** A fresh page with the capture in place and every problem recorded. */
async function open() {
  const context = await fx.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(capture);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(fx.server.url);
  await waitForDemos(page);
  return { page, context, problems };
}

const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const fx = suite({ open: false });


test('a lost WebGL context pauses drawing with a notice, keeps the terrains, and every demo draws again', async () => {
  const { page, context, problems } = await open();
  const before = {};
  for (const id of DEMO_IDS) before[id] = await inspect(page, id);
  assert.equal(await page.evaluate(() => window.__contexts.length), 1, 'one shared context');

  await page.evaluate(() => {
    window.__lose = window.__contexts[0].getExtension('WEBGL_lose_context');
    window.__lose.loseContext();
  });
  await page.waitForFunction(() => [...document.querySelectorAll('section[data-demo]')].every((s) => s.dataset.drawing === 'paused'));
  await page.locator(section('mpd-final')).scrollIntoViewIfNeeded();
  const notice = await page.$eval(`${section('mpd-final')} .paused`, (p) => ({
    shown: getComputedStyle(p).display !== 'none' && p.getBoundingClientRect().height > 0,
    text: p.textContent,
  }));
  assert.ok(notice.shown, 'the notice is visible while drawing is paused');
  assert.match(notice.text, /^Drawing is paused/);
  assert.ok((await inspect(page, 'ds-final')).drawn > 0.03, 'the picture on screen stays');

  // A refresh while the context is lost still makes its terrain.
  await page.click(`${section('mpd-final')} [data-action="refresh"]`);
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
    [section('mpd-final'), before['mpd-final'].generation + 1],
  );

  await page.evaluate(() => window.__lose.restoreContext());
  await page.waitForFunction(() => [...document.querySelectorAll('section[data-demo]')].every((s) => s.dataset.drawing === 'ready'));
  await frames(page);
  for (const id of DEMO_IDS) {
    const after = await inspect(page, id);
    assert.ok(after.drawn > 0.03, `${id}: drawn again`);
    if (id === 'mpd-final') {
      assert.notEqual(after.seed, before[id].seed, 'the refreshed demo shows its new terrain');
      assert.notEqual(after.hash, before[id].hash);
    } else {
      assert.equal(after.hash, before[id].hash, `${id}: the same terrain as before the loss`);
    }
  }
  const hidden = await page.$eval(`${section('mpd-final')} .paused`, (p) => getComputedStyle(p).display === 'none');
  assert.ok(hidden, 'the notice is gone');
  assert.deepEqual(problems, [], 'no console warning or error at any point');
  await context.close();
});

test('an error in the generator worker mid-generation leaves no demo busy; the next refresh makes a terrain', async () => {
  const { page, context, problems } = await open();
  const id = 'mpd-final';
  const start = await inspect(page, id);
  // The change and the error in one task, so the worker cannot answer in between: on a loaded
  // machine a 4097^2 terrain once came back before a second evaluate could look.
  const asked = await page.evaluate((sel) => {
    const input = document.querySelector(`${sel} [name="exponent"]`);
    input.value = '12';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const state = document.querySelector(sel).dataset.state;
    // What a trap or an out-of-memory inside the worker raises on it.
    window.__workers[0].dispatchEvent(new ErrorEvent('error', { message: 'simulated out of memory' }));
    return state;
  }, section(id));
  assert.equal(asked, 'busy');
  await page.waitForFunction(() => [...document.querySelectorAll('section[data-demo]')].every((s) => s.dataset.state !== 'busy'));
  const failed = await inspect(page, id);
  assert.equal(failed.state, 'error');
  assert.match(failed.alert, /^This terrain could not be generated \(simulated out of memory\)/);
  assert.equal(failed.generation, start.generation, 'the last good terrain stays');
  assert.equal(failed.hash, start.hash);
  await page.click(`${section(id)} [data-action="refresh"]`);
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
    [section(id), start.generation + 1],
    { timeout: 60_000 },
  );
  const again = await inspect(page, id);
  assert.equal(again.state, 'ready');
  assert.equal(again.alert, '');
  assert.equal(await page.evaluate(() => window.__workers.length), 2, 'a fresh worker');
  // The crashed worker held real land's map; the page sends its file again to the fresh one.
  const land = await inspect(page, 'real-land');
  await page.locator(section('real-land')).scrollIntoViewIfNeeded();
  await page.click(`${section('real-land')} [data-action="refresh"]`);
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
    [section('real-land'), land.generation + 1],
    { timeout: 60_000 },
  );
  const reread = await inspect(page, 'real-land');
  assert.equal(reread.alert, '', 'real land is read again, not "no map has been read yet"');
  assert.equal(reread.hash, land.hash, 'the same land, drawn again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a worker that stops answering is noticed after a generous wait; the next refresh starts a fresh one', async () => {
  const { page, context, problems } = await open();
  const id = 'ds-final';
  const start = await inspect(page, id);
  await page.evaluate(() => window.__workers[0].terminate());
  await page.click(`${section(id)} [data-action="refresh"]`);
  assert.equal(await page.$eval(section(id), (s) => s.dataset.state), 'busy');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.state !== 'busy', section(id), { timeout: 45_000 });
  const noticed = await inspect(page, id);
  assert.equal(noticed.state, 'error');
  assert.match(noticed.alert, /the generator stopped answering for 30 s, so a fresh one was started/);
  assert.equal(noticed.hash, start.hash, 'the last good terrain stays');
  await page.click(`${section(id)} [data-action="refresh"]`);
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel).dataset.generation) === n,
    [section(id), start.generation + 1],
  );
  await settle(page, id);
  assert.equal((await inspect(page, id)).state, 'ready');
  assert.equal(await page.evaluate(() => window.__workers.length), 2, 'a fresh worker');
  assert.deepEqual(problems, []);
  await context.close();
});

test('without a worker every demo says it needs one, and a download that nothing is shown', async () => {
  const context = await fx.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(() => {
    window.Worker = class {
      constructor() {
        throw new Error('workers are switched off in this test');
      }
    };
  });
  const page = await context.newPage();
  const warnings = [];
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(fx.server.url);
  // Every terrain is made by the generators' module, and maps read from files by the readers',
  // both of which the worker loads: each demo says so instead.
  await waitForDemos(page, 1, DEMO_IDS);
  for (const id of DEMO_IDS) {
    const message = READ_IDS.includes(id)
      ? /reading a map file needs the page's background worker/
      : /terrains are made by the page's background worker, which this browser could not start/;
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role="alert"]`).textContent !== '', section(id));
    const said = await page.$eval(`${section(id)} [role="alert"]`, (p) => p.textContent);
    assert.match(said, message, id);
    assert.notEqual((await attributes(page, id)).state, 'busy', `${id} does not wait`);
  }
  assert.ok(warnings.some((w) => w.startsWith('no generator worker')), `said so: ${warnings}`);

  // With no terrain shown, a download says there is nothing to save, and the reason stays.
  const id = 'ds-final';
  await page.locator(section(id)).scrollIntoViewIfNeeded();
  await page.selectOption(`${section(id)} select[name="format"]`, 'png');
  await page.click(`${section(id)} [data-action="download"]`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} .status`).textContent !== '', section(id));
  const status = await page.$eval(`${section(id)} .status`, (s) => s.textContent);
  assert.equal(status, 'Nothing to download yet: no terrain is shown.');
  assert.match((await attributes(page, id)).alert, /terrains are made by the page's background worker/);
  assert.deepEqual(errors, []);
  await context.close();
});
