// End-to-end: a page that respects its reader. The page never jumps: every demo keeps its room
// (www/style.css, --wide and --phone per demo) from the first paint, before the page's module
// builds it, so the layout shifts over the load and a scroll through the whole page stay under
// 0.05 (Chromium's PerformanceObserver, shifts without recent input), and a demo the reader
// jumps to before the module has built anything stays where it was and draws. The room kept
// matches what each demo holds once drawn (so the numbers cannot drift from the page). A panel
// the reader opened that fills in once they have scrolled past it moves nothing they read (the
// browser's scroll anchoring, which this checks is not defeated). The contents link to every
// chapter and the way back to them stays in sight, and on a phone every control is at least
// 44 x 44 px.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, DEMO_IDS, canvasAtLastField, inspect, openPage, waitForMount, launch, serve, section } from './harness.mjs';

/** Two columns (1100 px and up): the room kept is the whole card's (--two). */
const WIDE = { width: 1366, height: 900 };
/** One column as wide as the text: the room kept is the canvas's and what sits under it (--wide). */
const MID = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
/** The most a demo's room may exceed what it holds once drawn, in CSS px. */
const SLACK = 24;
/** The demo jumped to before the page's module builds anything: past the middle of the page. */
const JUMP = 'fault-shapes';

/** Runs before the page's scripts: sums the layout shifts without recent input, noting the
 * largest with what moved. */
function watchShifts() {
  window.__shifts = { total: 0, largest: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.total += entry.value;
      const moved = (entry.sources ?? []).map((s) => {
        const node = s.node;
        const where = node?.closest?.('section[data-demo]')?.dataset.demo ?? node?.closest?.('[id]')?.id ?? '';
        const name = node ? `${node.nodeName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}` : '?';
        return `${where} ${name} ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)}`;
      });
      window.__shifts.largest.push({ value: Number(entry.value.toFixed(4)), at: Math.round(entry.startTime), moved });
      window.__shifts.largest.sort((a, b) => b.value - a.value);
      window.__shifts.largest.length = Math.min(window.__shifts.largest.length, 6);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

let server;
let browser;
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the page at `viewport` with the shift watch; resolves to the session. */
async function open(viewport, init = watchShifts, path = '') {
  server ??= await serve();
  browser ??= await launch();
  return openPage(browser, `${server.url}${path}`, viewport, init);
}

/** Scrolls through the whole page, a screen at a time, waiting at each stop for every demo in
 * view to draw its first terrain; ends at the bottom. */
async function scrollThrough(page) {
  await waitForMount(page);
  for (;;) {
    const { bottom, waiting } = await page.evaluate(() => {
      const seen = [...document.querySelectorAll('section[data-demo]')].filter((s) => {
        const box = s.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      });
      return {
        bottom: scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
        waiting: seen.map((s) => s.dataset.demo),
      };
    });
    for (const id of waiting) {
      await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id), { timeout: 60_000 });
    }
    if (bottom) break;
    await page.evaluate(() => window.scrollBy(0, Math.round(innerHeight * 0.8)));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
}

/** Waits until no demo has a terrain or routing on its way, and two frames are drawn. */
async function quiet(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('section[data-demo]')].every((s) => s.dataset.state !== 'busy' && s.dataset.water !== 'routing'), null, { timeout: 60_000 });
  await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 300)));
}

/** Each demo's room (its computed min-height) against what it holds: the height of its
 * children, from its top to the last one's bottom and its padding; the part under the canvas;
 * and its step caption's lines, kept (--lines) and written. */
function rooms() {
  return [...document.querySelectorAll('section[data-demo]')].map((s) => {
    const box = s.getBoundingClientRect();
    const style = getComputedStyle(s);
    const shown = [...s.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 || r.height > 0);
    const bottom = Math.max(...shown.map((r) => r.bottom));
    const holds = bottom - box.top + parseFloat(style.paddingBottom);
    const room = parseFloat(style.minHeight);
    const canvas = s.querySelector('canvas').getBoundingClientRect();
    const caption = s.querySelector('.step-caption');
    const text = document.createRange();
    text.selectNodeContents(caption);
    const line = parseFloat(getComputedStyle(caption).fontSize) * 1.55;
    return {
      id: s.dataset.demo,
      holds,
      room,
      under: holds - (canvas.top - box.top) - canvas.height,
      lines: caption.textContent ? Math.round(text.getBoundingClientRect().height / line) : 0,
      kept: Number(style.getPropertyValue('--lines')) || 0,
    };
  });
}

/** Lines for www/style.css giving each of `drifted` its measured room at this width. */
const suggest = (drifted, width) =>
  drifted.map((r) => `section[data-demo="${r.id}"] { --${width}: ${Math.ceil(width === 'two' ? r.holds : r.under)}px; --lines-${width}: ${r.lines}; }  /* holds ${r.holds.toFixed(1)}, room ${r.room.toFixed(1)} */`).join('\n');

for (const [viewport, width] of [[WIDE, 'two'], [MID, 'wide'], [PHONE, 'phone']]) {
  test(`at ${viewport.width} x ${viewport.height} the page does not jump over the load and a scroll through it, and each demo's room fits what it holds`, async () => {
    const { page, context, problems } = await open(viewport);
    // The chapters' text is laid out one chapter a task after the first paint (index.html's
    // last script): the page's height is its own from then on.
    await page.waitForFunction(() => 'laid' in document.documentElement.dataset);
    const first = await page.evaluate(() => document.documentElement.scrollHeight);
    await scrollThrough(page);
    await quiet(page);
    const shifts = await page.evaluate(() => window.__shifts);
    const last = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`${viewport.width} px: layout shifts ${shifts.total.toFixed(4)}; page ${first} px tall at first, ${last} px once drawn`);
    const measured = await page.evaluate(rooms);
    assert.deepEqual(measured.map((r) => r.id), DEMO_IDS);
    // A caption may keep one line more than it writes (rain's timing varies in length).
    const drifted = measured.filter((r) => r.holds > r.room + 1 || r.room - r.holds > SLACK || r.lines > r.kept || r.kept > r.lines + 1);
    assert.deepEqual(drifted.map((r) => r.id), [], `the room kept no longer fits what these demos hold; set in www/style.css:\n${suggest(drifted, width)}`);
    assert.ok(shifts.total <= 0.05, `layout shifts ${shifts.total.toFixed(4)} > 0.05; the largest: ${JSON.stringify(shifts.largest, null, 1)}`);
    assert.ok(Math.abs(last - first) <= 50, `the page was ${first} px tall before the demos were built and ${last} px after`);

    // The way back to the contents is in sight at the bottom of the page, and leads there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const back = await page.$eval('[data-action="contents"]', (a) => {
      const box = a.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { inView: box.top >= 0 && box.bottom <= innerHeight && box.width > 0, onTop: a.contains(hit), width: box.width, height: box.height };
    });
    assert.ok(back.inView && back.onTop, `the contents control is in sight at the bottom: ${JSON.stringify(back)}`);
    await page.click('[data-action="contents"]');
    await page.waitForFunction(() => {
      const box = document.querySelector('nav[aria-label="Contents"]').getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight / 2;
    });
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `reader-${viewport.width}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`at ${viewport.width} px a demo jumped to before the page's module builds it stays where it was and draws`, async () => {
    // Scrolled to as soon as the document is parsed: the module has built nothing yet.
    const jump = (id) => {
      document.addEventListener('DOMContentLoaded', () => {
        const demo = document.querySelector(`section[data-demo="${id}"]`);
        demo.scrollIntoView({ block: 'start' });
        window.__jump = {
          top: demo.getBoundingClientRect().top,
          built: document.querySelectorAll('section[data-demo] canvas').length,
        };
        // The page's height once its chapters' text is laid out (one chapter a task, after
        // the first paint: the chapters above the demo meanwhile keep an estimate's room).
        new MutationObserver((_, observer) => {
          if (!('laid' in document.documentElement.dataset)) return;
          observer.disconnect();
          window.__jump.height = document.documentElement.scrollHeight;
        }).observe(document.documentElement, { attributes: true });
      });
    };
    const { page, context, problems } = await open(viewport, `(${jump})(${JSON.stringify(JUMP)})`);
    await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(JUMP), { timeout: 60_000 });
    await waitForMount(page);
    const at = await page.evaluate((sel) => ({
      ...window.__jump,
      now: document.querySelector(sel).getBoundingClientRect().top,
      heightNow: document.documentElement.scrollHeight,
    }), section(JUMP));
    console.log(`${viewport.width} px: ${JUMP} at ${at.top.toFixed(1)} px with ${at.built} demos built, at ${at.now.toFixed(1)} px once drawn`);
    assert.equal(at.built, 0, 'the jump came before the module built any demo');
    assert.ok(Math.abs(at.now - at.top) <= 50, `${JUMP} moved from ${at.top.toFixed(1)} to ${at.now.toFixed(1)} px`);
    assert.ok(Math.abs(at.heightNow - at.height) <= 50, `the page was ${at.height} px tall before the demos were built and ${at.heightNow} px after`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} x ${viewport.height} the first screen shows land: the opening map drawn, inside it`, async () => {
    const { page, context, problems } = await open(viewport);
    await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section('hero'), { timeout: 30_000 });
    const facts = await inspect(page, 'hero');
    const place = await page.evaluate((sel) => {
      const box = document.querySelector(`${sel} canvas`).getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, height: box.height, scrolled: scrollY };
    }, section('hero'));
    await page.screenshot({ path: join(ARTIFACTS, `first-screen-${viewport.width}.png`) });
    assert.equal(place.scrolled, 0, 'the page opened at its top');
    const seen = (Math.min(place.bottom, viewport.height) - Math.max(place.top, 0)) / place.height;
    assert.ok(seen >= 0.75, `${seen.toFixed(2)} of the opening canvas in the first screen (${place.top.toFixed(0)}..${place.bottom.toFixed(0)})`);
    // Land, not an empty canvas: the terrain spans most of its width (the framing's 80 %), every
    // part of it inside; its pixels' share depends on the seed (0.15 to 0.31 on a phone's 4:3).
    assert.ok(facts.drawn > 0.08, `the terrain covers ${facts.drawn} of the canvas`);
    assert.ok(facts.box.right - facts.box.left >= 0.6, `the terrain spans ${JSON.stringify(facts.box)}`);
    assert.ok(facts.box.left > 0 && facts.box.right < 1 && facts.box.top > 0 && facts.box.bottom < 1, JSON.stringify(facts.box));
    assert.equal(facts.state, 'ready');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('at 1366 x 768 the land stays in view while its last field is changed: two columns, the canvas held', async () => {
  const { page, context, problems } = await open({ width: 1366, height: 768 });
  for (const id of ['compose', 'erosion']) {
    await page.locator(section(id)).scrollIntoViewIfNeeded();
    await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section(id), { timeout: 60_000 });
    const at = await page.evaluate(canvasAtLastField, id);
    await page.screenshot({ path: join(ARTIFACTS, `two-columns-${id}.png`) });
    assert.ok(at.fieldInView, `${id}: the field ${at.field} is in view`);
    assert.ok(at.seen >= 0.5, `${id}: ${at.seen} of the canvas in view with ${at.field} focused`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a panel the reader opened fills in above the view without moving what they read', async () => {
  const { page, context, problems } = await open(WIDE, null);
  await scrollThrough(page);
  await quiet(page);
  // "How real is it?" measures the full map in the worker, so it fills in a moment after it
  // opens: meanwhile the reader has scrolled on to the next demo.
  const id = 'ds-final';
  const next = 'creases';
  await page.locator(`${section(id)} details.realism summary`).scrollIntoViewIfNeeded();
  // Opened, scrolled past and measured in one task, so the worker's report (a few hundred ms
  // away, sometimes less) cannot have filled the panel before its first height is read.
  const { before, opened } = await page.evaluate(([sel, panel]) => {
    document.querySelector(`${panel} summary`).click();
    document.querySelector(sel).scrollIntoView({ block: 'start' });
    return {
      before: document.querySelector(sel).getBoundingClientRect().top,
      opened: document.querySelector(panel).getBoundingClientRect().height,
    };
  }, [section(next), `${section(id)} details.realism`]);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.realism, section(id), { timeout: 120_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after = await page.$eval(section(next), (s) => s.getBoundingClientRect().top);
  const grew = await page.$eval(`${section(id)} details.realism`, (d) => d.getBoundingClientRect().height);
  assert.ok(grew > opened + 100, `the panel filled in after the reader scrolled on (${opened} px, then ${grew} px)`);
  assert.ok(Math.abs(after - before) <= 2, `${next} moved from ${before} to ${after} px as ${id}'s panel filled in above it`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the contents link to every chapter, the first Tab reaches the way back to them, and it covers no control on a phone', async () => {
  const { page, context, problems } = await open(PHONE, null);
  const { links, chapters } = await page.evaluate(() => ({
    links: [...document.querySelectorAll('nav[aria-label="Contents"] a')].map((a) => a.getAttribute('href')),
    chapters: [...document.querySelectorAll('main h2')].map((h) => `#${h.id || h.closest('article[id]')?.id}`),
  }));
  assert.deepEqual(links, chapters, 'one link per chapter heading, in page order');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'contents', 'the first Tab');

  await waitForMount(page);
  const covered = await page.evaluate(() => {
    const back = document.querySelector('[data-action="contents"]');
    const found = [];
    for (const control of document.querySelectorAll('section[data-demo] :is(button, select, input, summary)')) {
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      // As the browser brings a control into view (a Tab, a search): then nothing covers it.
      control.scrollIntoView({ block: 'nearest' });
      const at = control.getBoundingClientRect();
      // Its bar, which covers the width of the window on a phone.
      const bar = back.closest('nav').getBoundingClientRect();
      if (at.top < bar.bottom && at.bottom > bar.top && at.left < bar.right && at.right > bar.left) {
        found.push(`${control.closest('section').dataset.demo} ${control.name || control.dataset.action || control.nodeName}`);
      }
    }
    return found;
  });
  assert.deepEqual(covered, [], 'controls under the contents control when scrolled into view');
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 390 x 844 every visible control of every demo, and every link standing alone, is at least 44 x 44 px', async () => {
  const { page, context, problems } = await open(PHONE, null);
  await waitForMount(page);
  // As the page opens (the settings folded away), then with every demo's settings open.
  const measure = () => page.evaluate(() => {
    const found = [];
    let measured = 0;
    for (const s of document.querySelectorAll('section[data-demo]')) {
      const controls = [...s.querySelectorAll('button, select, input, summary, label')].map((c) => {
        // A checkbox is tapped through its label; a label only counts as a checkbox's.
        if (c.matches('input[type="checkbox"]')) return c.closest('label') ?? c;
        if (c.matches('label')) return null;
        return c;
      });
      for (const control of new Set(controls.filter(Boolean))) {
        // Inside a closed <details> a control still has a box, but is not shown.
        if (!control.checkVisibility({ visibilityProperty: true })) continue;
        const box = control.getBoundingClientRect();
        measured += 1;
        if (box.width < 44 - 0.01 || box.height < 44 - 0.01) {
          const name = control.getAttribute('name') ?? control.dataset.action ?? control.textContent.trim().slice(0, 20);
          found.push(`${s.dataset.demo} ${control.nodeName.toLowerCase()} ${name}: ${box.width.toFixed(1)} x ${box.height.toFixed(1)}`);
        }
      }
    }
    return { found, measured };
  });
  const folded = await measure();
  assert.ok(folded.measured > DEMO_IDS.length * 4, `measured ${folded.measured} controls`);
  assert.deepEqual(folded.found, [], 'controls smaller than 44 x 44 px');
  const closed = await page.$$eval('section[data-demo] details.settings', (all) => all.filter((d) => !d.open).map((d) => d.open = true).length);
  assert.equal(closed, DEMO_IDS.length, 'on a phone every demo\'s settings start folded away');
  const unfolded = await measure();
  assert.ok(unfolded.measured > folded.measured + DEMO_IDS.length, `measured ${unfolded.measured} controls with the settings open, ${folded.measured} folded`);
  assert.deepEqual(unfolded.found, [], 'controls smaller than 44 x 44 px, settings open');
  // Links that stand alone (the contents, the Contents pill) are targets too; a link inside a
  // sentence is the sentence's (as WCAG 2.5.8 counts it).
  const links = await page.evaluate(() => [...document.querySelectorAll('a')]
    .filter((a) => a.checkVisibility() && !a.closest('p, figcaption, dd, td, .hint, small'))
    .map((a) => [a.textContent.trim().slice(0, 30), a.getBoundingClientRect()])
    .filter(([, box]) => box.width < 44 - 0.01 || box.height < 44 - 0.01)
    .map(([text, box]) => `${text}: ${box.width.toFixed(1)} x ${box.height.toFixed(1)}`));
  assert.deepEqual(links, [], 'links standing alone smaller than 44 x 44 px');
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 390 x 844 the command lines wrap between words only, and copy as the command', async () => {
  const { page, context, problems } = await open(PHONE, null);
  await waitForMount(page);
  // Make your own shows its command under the canvas (built as the reader comes near it).
  await page.locator(section('compose')).scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => document.querySelector(sel)?.querySelector('p.command code span'), section('compose'), { timeout: 30_000 });
  const facts = await page.evaluate(() => [...document.querySelectorAll('section[data-demo] p.command code')].map((code) => {
    const spans = [...code.querySelectorAll('span')];
    const line = code.getBoundingClientRect().width;
    // A word is split when its box takes more than one line (a word wider than the line may).
    const split = spans.filter((s) => s.getClientRects().length > 1 || s.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(s).lineHeight || '16'))
      .filter((s) => s.getBoundingClientRect().width < line - 1)
      .map((s) => s.textContent);
    const rows = new Set(spans.map((s) => Math.round(s.getBoundingClientRect().top))).size;
    return { id: code.closest('section').dataset.demo, split, rows, words: spans.length, text: code.textContent };
  }));
  assert.ok(facts.length >= 1, `commands on the page: ${facts.length}`);
  for (const f of facts) {
    assert.deepEqual(f.split, [], `${f.id}: words broken across lines`);
    assert.equal(f.words, f.text.split(' ').length, `${f.id}: a span a word`);
    assert.ok(!/\s{2}/.test(f.text) && f.text.startsWith('terrain '), `${f.id}: the text is the command: ${f.text}`);
  }
  const compose = facts.find((f) => f.id === 'compose');
  assert.ok(compose && compose.rows > 2, `compose's command takes several lines on a phone: ${JSON.stringify(compose)}`);
  await page.locator(section('compose')).screenshot({ path: `${ARTIFACTS}/phone-compose-command.png` });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the opening gives the hints of the device in hand: fingers on a phone, the mouse\'s elsewhere', async () => {
  server ??= await serve();
  browser ??= await launch();
  const said = {};
  for (const [name, options] of [
    ['touch', { viewport: PHONE, isMobile: true, hasTouch: true }],
    ['mouse', { viewport: WIDE }],
  ]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(server.url);
    said[name] = await page.$eval('header .lede', (p) => p.innerText);
    await context.close();
  }
  assert.match(said.touch, /pinch to zoom/);
  assert.doesNotMatch(said.touch, /Ctrl/, 'no keyboard on a phone');
  assert.match(said.mouse, /Ctrl \+ scroll to zoom/);
  assert.doesNotMatch(said.mouse, /pinch|fingers/);
});
