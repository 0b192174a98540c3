// The page's own module makes no terrain: the generator worker imports its own module
// (crates/terrain-worker: the mailbox and the quick chapters) as soon as it starts, and the later
// chapters' module (crates/terrain-chapters: fault lines, fBm, erosion and the steps) when the
// first of its demos asks, which is when that demo's section comes near the screen. Neither is
// part of the first load. These tests check that each is fetched then and not before, that a
// share link straight to a late chapter draws, and that with the network gone a demo says its
// code cannot load instead of waiting for ever, and draws on the next try.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LATER_IDS, drawn, inspect, launch, openPage, section, sectionFacts, serve, settle, waitForDemos, waitForMount } from './harness.mjs';

/** Requests for the later chapters' module (its JS glue or its wasm). */
const chapterRequests = (urls) => urls.filter((url) => /\/terrain-chapters(_bg\.wasm|\.js)(\?|$)/.test(url));
/** Requests for the worker's own module. */
const workerRequests = (urls) => urls.filter((url) => /\/terrain-worker(_bg\.wasm|\.js)(\?|$)/.test(url));

/** Runs `check` with a page (openPage's session) opened at `path` on a server and browser of its
 * own, closed afterwards. */
async function onFreshPage(path, check) {
  const server = await serve();
  const browser = await launch();
  try {
    await check(await openPage(browser, `${server.url}${path}`));
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Scrolls demo `id` into the middle of the screen and resolves to the milliseconds from then
 * until its first terrain is drawn. */
async function enterAndTime(page, id) {
  const start = await page.evaluate((sel) => {
    document.querySelector(sel).scrollIntoView({ block: 'center' });
    return performance.now();
  }, section(id));
  await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id), {
    timeout: 60_000,
  });
  await drawn(page, id);
  return (await page.evaluate(() => performance.now())) - start;
}

test('the opening land draws first, and its routing is what fetches the later chapters at the top', async () => {
  // The hero's Land view routes its water (lakes, rivers, the land's wetness) in the later
  // chapters' module: a page opened at its top fetches that module once, after the first terrain.
  await onFreshPage('', async ({ page, requested, problems }) => {
    await waitForMount(page);
    await page.waitForFunction(() => Number(document.querySelector('section[data-demo="hero"]').dataset.generation) >= 1);
    assert.equal(workerRequests(requested).length, 2, `the worker's module made the first terrain: ${workerRequests(requested)}`);
    await settle(page, 'hero');
    const facts = await inspect(page, 'hero');
    assert.equal(facts.alert, '');
    assert.ok(facts.drawn > 0.15, 'drawn');
    assert.equal(chapterRequests(requested).length, 2, `fetched once for the routing: ${chapterRequests(requested)}`);
    assert.deepEqual(problems, []);
  });
});

// The rest open at the first chapter (#line), the opening land above the screen and not drawn.
test('the later chapters load when their first demo comes near, and every one of them draws', async () => {
  await onFreshPage('#line', async ({ page, requested, problems }) => {
    await waitForMount(page);
    await page.waitForFunction(() => Number(document.querySelector('section[data-demo="line-1d"]').dataset.generation) >= 1);
    await drawn(page, 'line-1d');
    assert.deepEqual(chapterRequests(requested), [], 'the first screen does not fetch the later chapters');
    assert.equal(workerRequests(requested).length, 2, `the worker's module made the first terrain: ${workerRequests(requested)}`);

    // The demo before the first late one: drawn without the later chapters too.
    await enterAndTime(page, 'creases');
    assert.deepEqual(chapterRequests(requested), [], 'the early chapters do not need it');

    const [first, ...rest] = LATER_IDS;
    const ms = await enterAndTime(page, first);
    console.log(`a later chapter (${first}) drawn ${Math.round(ms)} ms after its section entered the screen`);
    assert.equal(chapterRequests(requested).length, 2, `its module was fetched, once: ${chapterRequests(requested)}`);
    for (const id of rest) await enterAndTime(page, id);
    for (const id of LATER_IDS) {
      const facts = await inspect(page, id);
      assert.equal(facts.alert, '', `${id} says nothing went wrong`);
      assert.ok(facts.drawn > 0.05, `${id} is drawn`);
    }
    assert.equal(chapterRequests(requested).length, 2, 'the module is fetched once for every later demo');
    assert.equal(workerRequests(requested).length, 2, "the worker's module is fetched once");
    assert.deepEqual(problems, []);
  });
});

test("index.html's data-module marks are the demos the later chapters' module makes", async () => {
  // The suites read LATER_IDS from those marks: a reply made by the later chapters' module
  // counts its runs (data-runs), one made by the page's own module does not.
  await onFreshPage('', async ({ page }) => {
    await waitForDemos(page);
    const counted = await page.$$eval('section[data-demo]',
      (sections) => sections.filter((s) => 'runs' in s.dataset).map((s) => s.dataset.demo));
    assert.deepEqual(counted, LATER_IDS);
  });
});

test('a share link to a late chapter draws that demo as the link says', async () => {
  const link = '#fault-shapes?iterations=300&shapes=circle,rect&fuzziness=2&seed=8';
  await onFreshPage(link, async ({ page, requested, problems }) => {
    await waitForMount(page);
    await page.waitForFunction(() => Number(document.querySelector('section[data-demo="fault-shapes"]').dataset.generation) >= 1, null, {
      timeout: 60_000,
    });
    const facts = await inspect(page, 'fault-shapes');
    const shown = await page.evaluate((sel) => {
      const value = (name) => document.querySelector(`${sel} [name="${name}"]`).value;
      const box = document.querySelector(sel).getBoundingClientRect();
      return { seed: value('seed'), iterations: value('iterations'), onScreen: box.top < innerHeight && box.bottom > 0 };
    }, section('fault-shapes'));
    const since = await page.evaluate(() => performance.now());
    console.log(`a share link to fault-shapes drawn ${Math.round(since)} ms after navigation`);
    assert.equal(facts.alert, '');
    assert.ok(facts.drawn > 0.05, 'drawn');
    assert.deepEqual([shown.seed, shown.iterations], ['8', '300'], 'the link set the fields');
    assert.ok(shown.onScreen, 'the page opened at the demo');
    assert.equal(chapterRequests(requested).length, 2, 'the later chapters were fetched for it');
    assert.deepEqual(problems, []);
  });
});

test('with the network cut after the first load, a late chapter says it cannot load, then loads when it is back', async () => {
  await onFreshPage('#line', async ({ page, context, requested }) => {
    await waitForMount(page);
    await page.waitForFunction(() => Number(document.querySelector('section[data-demo="line-1d"]').dataset.generation) >= 1);
    await drawn(page, 'line-1d');
    const before = await page.evaluate(sectionFacts, 'fault-lines');
    assert.equal(before.generation, 0, 'not started yet');

    await context.setOffline(true);
    await page.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: 'center' }), section('fault-lines'));
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role="alert"]`).textContent !== '', section('fault-lines'), {
      timeout: 30_000,
    });
    await settle(page, 'fault-lines');
    const cut = await page.evaluate(sectionFacts, 'fault-lines');
    assert.match(cut.alert, /this chapter's code could not be loaded/);
    assert.match(cut.alert, /check the connection and press Refresh/);
    assert.notEqual(cut.state, 'busy', 'it does not wait');
    assert.ok(chapterRequests(requested).length >= 1, 'it tried');

    await context.setOffline(false);
    await page.click(`${section('fault-lines')} [data-action="refresh"]`);
    await settle(page, 'fault-lines');
    const back = await inspect(page, 'fault-lines');
    assert.equal(back.alert, '', 'loaded on the next try');
    assert.ok(back.drawn > 0.05, 'drawn');
  });
});

test("with the worker's module unreachable, a demo says its code cannot load, then draws when it can", async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    let cut = true;
    const tried = [];
    await context.route(/\/terrain-worker(_bg\.wasm|\.js)/, (route) => {
      tried.push(route.request().url());
      return cut ? route.abort('internetdisconnected') : route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${server.url}#line`);
    await waitForMount(page);
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role="alert"]`).textContent !== '', section('line-1d'), {
      timeout: 30_000,
    });
    await settle(page, 'line-1d');
    const down = await page.evaluate(sectionFacts, 'line-1d');
    assert.match(down.alert, /the terrain generator's code could not be loaded/);
    assert.match(down.alert, /check the connection and press Refresh/);
    assert.notEqual(down.state, 'busy', 'it does not wait');
    assert.ok(tried.length >= 1, 'it tried');

    cut = false;
    await page.click(`${section('line-1d')} [data-action="refresh"]`);
    await settle(page, 'line-1d');
    const back = await inspect(page, 'line-1d');
    assert.equal(back.alert, '', 'loaded on the next try');
    assert.ok(back.drawn > 0.05, 'drawn');
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});
