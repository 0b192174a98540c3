// End-to-end: the page audited for everyone. axe-core (WCAG 2.1 A and AA, and best practice)
// finds no violation on index.html after every demo drew, on embed.html, and on the page
// without WebGL2, at a desktop width and at 390 px; a reader with only a keyboard steps a demo,
// switches its view and downloads a file; every canvas's text alternative says what it shows now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openPage, waitForDemos, waitForMount, inspect, drawn, suite, section, withoutWebgl2 } from './harness.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const WIDTHS = [
  { width: 1200, height: 900 },
  { width: 390, height: 844 },
];

/** Runs axe-core on the page; resolves to its violations as `rule: node, node` lines. */
async function audit(page) {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(
    async (tags) => (await axe.run(document, { runOnly: tags })).violations,
    RULES,
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}


const fx = suite({ open: false });


for (const viewport of WIDTHS) {
  test(`axe-core: no violation on the page after every demo drew, ${viewport.width} px`, async () => {
    const { page, context, problems } = await openPage(fx.browser, fx.server.url, viewport);
    await waitForDemos(page);
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`axe-core: no violation on embed.html, ${viewport.width} px`, async () => {
    const url = `${fx.server.url}embed.html#ds-final?exponent=6&spread=0.3&reduction=0.5&wrap=false&seed=21`;
    const { page, context, problems } = await openPage(fx.browser, url, viewport);
    await waitForMount(page);
    await page.waitForFunction(() => Number(document.querySelector('section[data-demo]').dataset.generation) >= 1);
    await drawn(page, 'ds-final');
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`axe-core: no violation on the page without WebGL2, ${viewport.width} px`, async () => {
    const { page, context, problems } = await openPage(fx.browser, fx.server.url, viewport, withoutWebgl2);
    await waitForDemos(page);
    assert.equal(await page.$eval(section('ds-final'), (s) => s.dataset.webgl), 'missing');
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
async function tabTo(page, selector, limit = 600) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

test('with the keyboard only: step a demo, switch its view, download a file', async () => {
  const { page, context, problems } = await openPage(fx.browser, fx.server.url);
  await waitForDemos(page);
  const id = 'mpd-final';
  const at = () => page.$eval(section(id), (s) => ({ step: Number(s.dataset.step), steps: Number(s.dataset.steps) }));
  const alt = () => page.$eval(`${section(id)} canvas`, (c) => c.getAttribute('aria-label'));
  const caption = () => page.$eval(`${section(id)} .step-caption`, (p) => p.textContent);
  const start = await at();
  assert.equal(start.step, start.steps, 'a new terrain opens at its last step');

  // Step back with Enter, then with Space, on the focused button.
  await tabTo(page, `${section(id)} [data-action="step-back"]`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await inspect(page, id);
  assert.equal((await at()).step, start.steps - 2, 'two steps back');
  // The canvas says what it shows now: the step's caption.
  assert.ok((await alt()).includes(await caption()), `the text alternative holds the caption: ${await alt()}`);
  // The scrubber moves with the arrow keys.
  await tabTo(page, `${section(id)} input[name="step"]`);
  await page.keyboard.press('ArrowRight');
  await inspect(page, id);
  assert.equal((await at()).step, start.steps - 1, 'the scrubber stepped forward');

  // Switch the view with the arrow keys on the focused select.
  await tabTo(page, `${section(id)} select[name="view"]`);
  const before = await page.$eval(`${section(id)} select[name="view"]`, (s) => s.value);
  await page.keyboard.press('ArrowDown');
  const after = await page.$eval(`${section(id)} select[name="view"]`, (s) => s.value);
  assert.notEqual(after, before, 'the view changed');
  await inspect(page, id);
  const says = { land: /^3-D land/, wireframe: /^3-D wireframe/ }[after] ?? /^Top-down/;
  assert.match(await alt(), says, 'the text alternative follows the view');

  // Download with Enter on the focused button.
  await tabTo(page, `${section(id)} [data-action="download"]`);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.match(file.suggestedFilename(), /\.png$/);
  assert.ok((await readFile(await file.path())).length > 100, 'a file came');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Play with reduced motion jumps to the finished terrain instead of animating', async () => {
  const context = await fx.browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(fx.server.url);
  await waitForDemos(page);
  const id = 'ds-final';
  await page.fill(`${section(id)} input[name="step"]`, '1');
  await page.dispatchEvent(`${section(id)} input[name="step"]`, 'input');
  await inspect(page, id);
  assert.equal(await page.$eval(section(id), (s) => s.dataset.step), '1');
  await page.click(`${section(id)} [data-action="play"]`);
  await inspect(page, id);
  const state = await page.$eval(section(id), (s) => ({
    step: s.dataset.step,
    steps: s.dataset.steps,
    pressed: s.querySelector('[data-action="play"]').getAttribute('aria-pressed'),
  }));
  assert.equal(state.step, state.steps, 'at the end at once');
  assert.equal(state.pressed, 'false', 'not playing');
  await context.close();
});
