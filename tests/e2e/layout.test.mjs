// End-to-end: the page at phone widths. Every control of every demo stays inside its demo's
// card, and nothing scrolls sideways (measured with bounding boxes, not assumed from the CSS).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, openPage, waitForDemos, suite, section } from './harness.mjs';


const fx = suite({ open: false });


for (const width of [320, 390]) {
  test(`at ${width} px wide no control sticks out of its demo and nothing scrolls sideways`, async () => {
    const { page, context, problems } = await openPage(fx.browser, fx.server.url, { width, height: 800 });
    await waitForDemos(page);
    const report = await page.evaluate(() => {
      const outside = [];
      let controls = 0;
      for (const section of document.querySelectorAll('section[data-demo]')) {
        const card = section.getBoundingClientRect();
        const parts = section.querySelectorAll('input, select, button, label, fieldset, canvas, p[role="alert"]');
        for (const part of parts) {
          const box = part.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          controls += 1;
          if (box.left < card.left - 0.5 || box.right > card.right + 0.5) {
            const name = part.getAttribute('name') ?? part.dataset.action ?? part.tagName.toLowerCase();
            outside.push(`${section.dataset.demo} ${name}: ${box.left.toFixed(1)}..${box.right.toFixed(1)} outside ${card.left.toFixed(1)}..${card.right.toFixed(1)}`);
          }
        }
      }
      return {
        outside,
        controls,
        sideways: document.documentElement.scrollWidth - window.innerWidth,
        bodySideways: document.body.scrollWidth - window.innerWidth,
      };
    });
    assert.ok(report.controls > 14 * 3, `measured ${report.controls} controls`);
    assert.deepEqual(report.outside, [], 'controls outside their section');
    assert.ok(report.sideways <= 0, `the page is ${report.sideways}px wider than the screen`);
    assert.ok(report.bodySideways <= 0, `the body is ${report.bodySideways}px wider than the screen`);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `page-${width}.png`), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
