// End-to-end: the built site works from any folder of a static host. dist/ is served only under
// /a/b/ (404 everywhere else, as for a project site at https://USER.github.io/REPO/): every demo
// starts, a download is the command line's file, and nothing is asked for outside the folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_IDS, openPage, waitForDemos, inspect, settle, terrain, download, suite, section,
} from './harness.mjs';

const FOLDER = '/a/b/';


const fx = suite({ prefix: FOLDER, open: false });


test('served from a sub-folder, every demo starts, a download works and nothing leaves the folder', async () => {
  assert.ok(fx.server.url.endsWith(FOLDER));
  const outside = await fetch(new URL('/', fx.server.url));
  assert.equal(outside.status, 404, 'the host root has nothing');
  const { page, problems, requested } = await openPage(fx.browser, fx.server.url);
  await waitForDemos(page);
  for (const id of DEMO_IDS) {
    const shown = await inspect(page, id);
    assert.ok(shown.generation >= 1 && shown.drawn > 0.05, `${id} draws: ${JSON.stringify(shown)}`);
  }
  const styled = await page.evaluate(() => getComputedStyle(document.querySelector('section.demo')).borderRadius);
  assert.equal(styled, '10px', 'the style sheet loaded');
  // A download: the worker, the page's module and the file encoders all come from the folder.
  const id = 'ds-final';
  await page.locator(`section[data-demo="${id}"]`).scrollIntoViewIfNeeded();
  await page.fill(`section[data-demo="${id}"] input[name="seed"]`, '31');
  await page.press(`section[data-demo="${id}"] input[name="seed"]`, 'Enter');
  await settle(page, id);
  const file = await download(page, id, 'png');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-publish-')), 'map.png');
  terrain(['ds', '--exponent', '5', '--seed', '31', '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), 'the download equals the command line\'s file');
  const origin = new URL(fx.server.url).origin;
  const outsideFolder = requested.filter(
    (url) => !url.startsWith(`${origin}${FOLDER}`) && !url.startsWith('blob:') && !url.startsWith('data:'),
  );
  assert.deepEqual(outsideFolder, [], 'no request leaves the folder');
  for (const kind of ['terrain-web-', 'style-', 'terrain-files.js', 'terrain-files_bg.wasm', 'favicon.svg']) {
    assert.ok(requested.some((url) => url.startsWith(`${origin}${FOLDER}${kind}`)), `${kind} from the folder`);
  }
  assert.deepEqual(problems, []);
});
