// End-to-end: demos embedded in another site's page. A host page on another origin holds two
// iframes of embed.html, 320 and 800 px wide, showing two demos by a share link's fragment: both
// draw, refresh and step, nothing scrolls sideways, and dragging or wheeling over a demo moves
// its camera, never the host page. Share in an embedded demo gives the <iframe> code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, serve, launch, openPage, inspect, drawn, section } from './harness.mjs';

const FRAMES = [
  { id: 'ds-final', width: 320, fragment: '#ds-final?exponent=6&spread=0.3&reduction=0.5&wrap=false&seed=21' },
  { id: 'fault-shapes', width: 800, fragment: '#fault-shapes?iterations=300&shapes=circle,rect&fuzziness=2&seed=8' },
];

let site;
let host;
let browser;
let session;

/** Serves one page, on an origin of its own, holding the two iframes above a long article. */
async function hostPage(siteUrl) {
  const frames = FRAMES.map(
    ({ id, width, fragment }) =>
      `<iframe name="${id}" src="${siteUrl}embed.html${fragment}" style="width:${width}px;height:720px;border:1px solid #999" title="${id}"></iframe>`,
  ).join('\n');
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A course page</title></head>
<body style="margin:8px;font-family:sans-serif"><h1>Course notes</h1><p>Two demos:</p>
<div style="display:flex;gap:12px;align-items:flex-start">${frames}</div>
<div style="height:2400px"><p>More notes below.</p></div></body></html>`;
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(done)) };
}

before(async () => {
  site = await serve();
  // 127.0.0.1 and localhost are different origins: the host page is another site.
  host = await hostPage(site.url.replace('127.0.0.1', 'localhost'));
  browser = await launch();
  session = await openPage(browser, host.url, { width: 1200, height: 900 });
});

after(async () => {
  await browser?.close();
  await host?.close();
  await site?.close();
});

/** The frame showing demo `id`, once its first terrain is drawn. */
async function frameOf(id) {
  const { page } = session;
  let frame;
  for (let tries = 0; tries < 600 && !frame; tries++) {
    frame = page.frames().find((f) => f.name() === id && f.url().includes('embed.html'));
    if (!frame) await page.waitForTimeout(50);
  }
  assert.ok(frame, `a frame for ${id}`);
  try {
    await frame.waitForFunction(
      (sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1,
      section(id),
      { timeout: 60_000 },
    );
  } catch (error) {
    // Say where the frame stands: loaded? the wasm started? what paints did it report?
    const state = await frame.evaluate((sel) => ({
      ready: document.readyState,
      visibility: document.visibilityState,
      started: typeof window.wasmBindings,
      paints: performance.getEntriesByType('paint').map((e) => e.name),
      section: { ...document.querySelector(sel)?.dataset },
    }), section(id)).catch((e) => String(e));
    throw new Error(`${id} never drew: ${JSON.stringify(state)} (${error.message})`);
  }
  return frame;
}

test('two embedded demos draw, refresh and step, and nothing scrolls sideways', async () => {
  const { page, problems } = session;
  for (const { id, width } of FRAMES) {
    const frame = await frameOf(id);
    const first = await inspect(frame, id);
    assert.ok(first.drawn > 0.05, `${id} draws: ${JSON.stringify(first)}`);
    const fits = await frame.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      link: document.querySelector('.full-page a').getAttribute('href'),
      sections: document.querySelectorAll('section[data-demo]').length,
    }));
    assert.ok(fits.client <= width && fits.scroll <= fits.client, `${id} at ${width} px: ${JSON.stringify(fits)}`);
    assert.equal(fits.sections, 1, 'one demo per frame');
    assert.equal(fits.link, `./${FRAMES.find((f) => f.id === id).fragment}`, 'the full page, same demo');
    const seed = FRAMES.find((f) => f.id === id).fragment.match(/seed=(\d+)/)[1];
    assert.equal(first.seed, seed, 'the fragment\'s setup is restored');
    await frame.click(`${section(id)} [data-action="refresh"]`);
    const refreshed = await inspect(frame, id);
    assert.equal(refreshed.generation, first.generation + 1);
    assert.notEqual(refreshed.hash, first.hash);
    const steps = Number(await frame.$eval(section(id), (s) => s.dataset.steps));
    await frame.click(`${section(id)} [data-action="step-back"]`);
    await drawn(frame, id);
    assert.equal(await frame.$eval(section(id), (s) => Number(s.dataset.step)), steps - 1);
    assert.notEqual((await inspect(frame, id)).hash, refreshed.hash, 'the step shows');
    await frame.click(`${section(id)} [data-action="step"]`);
    assert.equal((await inspect(frame, id)).hash, refreshed.hash, 'and forward again');
  }
  const hostFits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  assert.ok(hostFits, 'the host page does not scroll sideways');
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'embed-host.png') });
  // The frames load from the demo site, another origin than the host page: expected; nothing else.
  const siteOrigin = new URL(site.url.replace('127.0.0.1', 'localhost')).origin;
  const others = problems.filter((p) => !p.startsWith(`request leaves the origin: ${siteOrigin}/`));
  assert.deepEqual(others, []);
});

test('dragging and wheeling over an embedded demo move its camera, not the host page', async () => {
  const { page } = session;
  for (const { id } of FRAMES) {
    const frame = await frameOf(id);
    // The buttons clicked in the test above may have scrolled the frame past its canvas (at
    // 320 px the toolbar takes several rows): bring the canvas into view as a reader would.
    await frame.$eval(`${section(id)} canvas`, (c) => c.scrollIntoView({ block: 'nearest' }));
    const before = await inspect(frame, id);
    const scrolled = await page.evaluate(() => window.scrollY);
    const box = await (await frame.$(`${section(id)} canvas`)).boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x + 12 * i, y + 6 * i);
    await page.mouse.up();
    await page.mouse.wheel(0, 300);
    const after = await inspect(frame, id);
    assert.notEqual(after.hash, before.hash, `${id}: the camera moved`);
    assert.equal(after.generation, before.generation, `${id}: nothing regenerated`);
    assert.equal(await page.evaluate(() => window.scrollY), scrolled, `${id}: the host page stayed`);
  }
});

test('Share in an embedded demo links to the full page and gives the iframe code', async () => {
  const frame = await frameOf('ds-final');
  await frame.click(`${section('ds-final')} [data-action="share"]`);
  const shared = await frame.$eval(section('ds-final'), (s) => ({
    link: s.dataset.link,
    embed: s.dataset.embed,
    offered: s.querySelector('input.embed-code').value,
    hidden: s.querySelector('input.embed-code').hidden,
  }));
  const site = new URL(frame.url());
  const folder = `${site.origin}${site.pathname.replace(/embed\.html$/, '')}`;
  assert.ok(shared.link.startsWith(`${folder}#ds-final?`), shared.link);
  assert.ok(shared.embed.startsWith(`<iframe src="${folder}embed.html#ds-final?`), shared.embed);
  assert.equal(shared.offered, shared.embed);
  assert.equal(shared.hidden, false, 'the code is on offer');
});

test('a page whose paints are never reported still starts its demos', async () => {
  // The loader starts the demos after the largest contentful paint (the first paint on the embed
  // page); a browser that never reports it (seen once in a cross-origin frame) must not leave
  // the page without them: the loader starts them a few seconds after load anyway.
  const silent = await openPage(browser, `${site.url}embed.html#ds-final?seed=5`, { width: 600, height: 700 }, () => {
    PerformanceObserver.prototype.observe = function observeNothing() {};
  });
  const waited = Date.now();
  await silent.page.waitForFunction(
    () => Number(document.querySelector('section[data-demo="ds-final"]')?.dataset.generation) >= 1,
    null,
    { timeout: 30_000 },
  );
  const took = Date.now() - waited;
  assert.ok(took >= 1000, `it waited for the fallback (${took} ms), so this test exercised it`);
  await silent.page.context().close();
});
