// End-to-end: "Make your own". A base and a list of steps: adding, moving and removing a step
// makes the terrain again and changes the command under the canvas; the Erosion view shows what
// the steps changed on the base; the download is byte for byte
// what that command writes; a link brings the whole chain back; a bad value in a step's field is
// refused next to that field and the terrain stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARTIFACTS, ROOT, inspect, settle, terrain, download, suite, openPage, describedBy, setField, scrub, unzipStored,
  setView, changeTones,
} from './harness.mjs';

const id = 'compose';
/** A step's fields of where it acts, after its own, in order. */
const WHERE_FIELDS = ['where', 'height-from', 'height-to', 'slope-from', 'slope-to', 'mask-soft', 'mask-brush', 'mask-radius', 'mask-strength', 'mask-invert'];
const section = `section[data-demo="${id}"]`;
const fx = suite();

/** The steps as the page lists them: each fieldset's step name, in order. */
const steps = (page) =>
  page.$$eval(`${section} fieldset[data-step]`, (sets) => sets.map((s) => s.dataset.step));

/** The command under the canvas, checked against the section's `data-command`. */
async function command(page) {
  const [shown, attribute] = await page.$eval(section, (s) =>
    [s.querySelector('p.command code').textContent, s.dataset.command]);
  assert.equal(shown, attribute, 'the command shown is data-command');
  return attribute;
}

/** Clicks `action` in the step at `place` (0 for the first) and waits for the new terrain. */
async function stepAction(page, place, action) {
  const before = (await inspect(page, id)).generation;
  await page.click(`${section} fieldset[data-step]:nth-of-type(${place + 1}) [data-action="${action}"]`);
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, before]);
  await settle(page, id);
}

test('compose opens on its chain and adds, moves and removes steps, the command following', async () => {
  const { page, problems } = fx.session;
  await page.locator(section).scrollIntoViewIfNeeded();
  await setField(page, id, 'seed', '21', { wait: true });
  assert.deepEqual(await steps(page), ['redistribute', 'erode']);
  assert.equal(await command(page),
    'terrain ds --exponent 8 --seed 21 --then redistribute --power 1.5 --then erode --droplets 30000 ' +
    '--inertia 0.05 --erosion 0.3 --deposition 0.3');
  const opening = await inspect(page, id);
  assert.ok(opening.drawn > 0.05, JSON.stringify(opening));

  // Add: thermal erosion after the last, its talus set to 30°.
  await page.selectOption(`${section} select[name="add-step"]`, 'thermal');
  await page.click(`${section} [data-action="add-step"]`);
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, opening.generation]);
  await settle(page, id);
  assert.deepEqual(await steps(page), ['redistribute', 'erode', 'thermal']);
  assert.match(await command(page), /--then erode .* --then thermal --iterations 50 --talus 35 --rate 0\.5$/);
  await page.fill(`${section} fieldset[data-step="thermal"] [name="talus"]`, '30');
  await page.press(`${section} fieldset[data-step="thermal"] [name="talus"]`, 'Enter');
  await settle(page, id);
  const added = await inspect(page, id);
  assert.notEqual(added.hash, opening.hash, 'the new step changed the terrain');
  assert.match(await command(page), /--then thermal --iterations 50 --talus 30 --rate 0\.5$/);

  // The stepper walks the base, then each step.
  assert.equal(await page.$eval(section, (s) => s.dataset.steps), '3');
  await scrub(page, id, 0);
  assert.equal(await page.$eval(`${section} .step-caption`, (c) => c.textContent),
    'Start (step 0 of 3): the ds base, before any step');
  await scrub(page, id, 2);
  assert.match(await page.$eval(`${section} .step-caption`, (c) => c.textContent),
    /^Step 2 of 3: after erode \(droplets 30000, inertia 0\.05, erosion 0\.3, deposition 0\.3\)/);
  await scrub(page, id, 3);
  // The Erosion view compares each step with the base: nothing at step 0; after the chain,
  // ground lowered almost everywhere (the power of 1.5 sinks all but the highest ground, and it
  // sets the scale: the droplets' deposits are faint beside it).
  await setView(page, id, 'erosion');
  const tones = () => changeTones(page, id);
  await scrub(page, id, 0);
  const bare = await tones();
  assert.equal(bare.removed + bare.laid, 0, `the base: ${JSON.stringify(bare)}`);
  await scrub(page, id, 3);
  const changed = await tones();
  assert.ok(changed.removed > 10000, `the chain's change: ${JSON.stringify(changed)}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-change.png') });
  await setView(page, id, 'terrain');

  // Move it to the front, one place at a time; the first step cannot go up.
  assert.equal(await page.$eval(`${section} fieldset[data-step="redistribute"] [data-action="step-up"]`, (b) => b.disabled), true);
  await stepAction(page, 2, 'step-up');
  await stepAction(page, 1, 'step-up');
  assert.deepEqual(await steps(page), ['thermal', 'redistribute', 'erode']);
  assert.match(await command(page), /--seed 21 --then thermal --iterations 50 --talus 30 --rate 0\.5 --then redistribute /);
  const moved = await inspect(page, id);
  assert.notEqual(moved.hash, added.hash, 'the order matters');
  const legends = await page.$$eval(`${section} fieldset[data-step] legend`, (l) => l.map((e) => e.textContent));
  assert.deepEqual(legends, ['Step 1: thermal', 'Step 2: redistribute', 'Step 3: erode']);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-three-steps.png') });

  // Remove the erosion and move the weathering down: what is left.
  await stepAction(page, 2, 'remove-step');
  await stepAction(page, 0, 'step-down');
  assert.deepEqual(await steps(page), ['redistribute', 'thermal']);
  assert.doesNotMatch(await command(page), /erode/);
  assert.deepEqual(problems, []);
});

test('the download is byte for byte what data-command writes', async () => {
  const { page } = fx.session;
  await setField(page, id, 'base', 'fbm');
  await setField(page, id, 'exponent', '7');
  await setField(page, id, 'seed', '5', { wait: true });
  const line = await command(page);
  assert.match(line, /^terrain fbm --width 129 --height 129 --seed 5 --then redistribute --power 1\.5 --then thermal/);
  const file = await download(page, id, 'r32');
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-compose-'));
  const out = join(scratch, 'composed.r32');
  terrain([...line.split(' ').slice(1), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
});

test('terraces are a step of compose: fields named as its flags, the download what data-command writes', async () => {
  const { page, problems } = fx.session;
  const before = await steps(page);
  const generation = (await inspect(page, id)).generation;
  await page.selectOption(`${section} select[name="add-step"]`, 'terrace');
  await page.click(`${section} [data-action="add-step"]`);
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, generation]);
  await settle(page, id);
  assert.deepEqual(await steps(page), [...before, 'terrace']);
  const names = await page.$$eval(`${section} fieldset[data-step="terrace"] input, ${section} fieldset[data-step="terrace"] select`,
    (fields) => fields.map((f) => f.name));
  // Its own fields, then where it acts (the band's fields hidden until "Where" asks for them).
  assert.deepEqual(names, ['levels', 'sharpness', ...WHERE_FIELDS]);
  await page.fill(`${section} fieldset[data-step="terrace"] [name="levels"]`, '5');
  await page.fill(`${section} fieldset[data-step="terrace"] [name="sharpness"]`, '1');
  await page.press(`${section} fieldset[data-step="terrace"] [name="sharpness"]`, 'Enter');
  await settle(page, id);
  const line = await command(page);
  assert.match(line, / --then terrace --levels 5 --sharpness 1$/);
  const file = await download(page, id, 'r32');
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-terrace-'));
  const out = join(scratch, 'terraced.r32');
  terrain([...line.split(' ').slice(1), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
  const heights = new Set();
  for (let at = 0; at < file.bytes.length; at += 4) heights.add(file.bytes.readUInt32LE(at));
  assert.ok(heights.size <= 6, `5 levels leave at most 6 heights, not ${heights.size}`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-terrace.png') });
  await stepAction(page, before.length, 'remove-step');
  assert.deepEqual(await steps(page), before);
  assert.deepEqual(problems, []);
});

test('amplify is a step of compose: the map grows, the steps after it run at the new size, the download what data-command writes', async () => {
  const { page, problems } = fx.session;
  const before = await steps(page);
  const generation = (await inspect(page, id)).generation;
  await page.selectOption(`${section} select[name="add-step"]`, 'amplify');
  await page.click(`${section} [data-action="add-step"]`);
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, generation]);
  await settle(page, id);
  assert.deepEqual(await steps(page), [...before, 'amplify']);
  const fieldset = `${section} fieldset[data-step="amplify"]`;
  const names = await page.$$eval(`${fieldset} input, ${fieldset} select`, (fields) => fields.map((f) => f.name));
  // Its own fields and no Where: a mask cannot blend maps of two sizes.
  assert.deepEqual(names, ['factor', 'detail']);
  await page.selectOption(`${fieldset} select[name="factor"]`, '2');
  await settle(page, id);
  const line = await command(page);
  assert.match(line, / --then amplify --factor 2 --detail 0\.3$/);
  // The base's side: a free size (--width) or 2^E + 1 (--exponent E).
  const width = /--width (\d+)/.exec(line);
  const side = width ? Number(width[1]) : 2 ** Number(/--exponent (\d+)/.exec(line)[1]) + 1;
  const file = await download(page, id, 'r32');
  assert.equal(file.bytes.length, 4 * ((side - 1) * 2 + 1) ** 2, `${line}: the map ${(side - 1) * 2 + 1} a side`);
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-amplify-'));
  const out = join(scratch, 'amplified.r32');
  terrain([...line.split(' ').slice(1), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-amplify.png') });
  await stepAction(page, before.length, 'remove-step');
  assert.deepEqual(await steps(page), before);
  assert.deepEqual(problems, []);
});

test("a step acts only where its Where lets it: the band's fields, the command's mask flags, the same bytes", async () => {
  const { page, problems } = fx.session;
  const thermal = `${section} fieldset[data-step="thermal"]`;
  const shown = () => page.$$eval(`${thermal} .where`, (wrappers) =>
    wrappers.filter((w) => getComputedStyle(w).display !== 'none').map((w) => w.querySelector('[name]').name));
  assert.deepEqual(await shown(), ['where'], 'everywhere: only the choice');
  const plain = await command(page);
  assert.doesNotMatch(plain, /--mask/);
  const base = await inspect(page, id);
  await page.selectOption(`${thermal} select[name="where"]`, 'height');
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, base.generation]);
  await settle(page, id);
  assert.deepEqual(await shown(), ['where', 'height-from', 'height-to', 'mask-soft', 'mask-invert']);
  let line = await command(page);
  assert.match(line, / --then thermal --iterations \d+ --talus \d+ --rate [\d.]+ --mask-height 0\.5:1 --mask-soft 0\.05$/);
  assert.notEqual((await inspect(page, id)).hash, base.hash, 'the masked terrain differs');
  // The share link holds where it acts, and brings it back.
  await fx.session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click(`${section} [data-action="share"]`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} .status`).textContent === 'Link copied', section);
  const link = await page.$eval(section, (s) => s.dataset.link);
  assert.match(link, /&then=thermal&iterations=50&talus=30&rate=0\.5&where=height&height-from=0\.5&height-to=1&mask-soft=0\.05&mask-invert=false$/);
  const visit = await openPage(fx.browser, link);
  await visit.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section);
  await settle(visit.page, id);
  assert.equal(await command(visit.page), line, 'the link brings the mask back');
  assert.deepEqual(visit.problems, []);
  await visit.context.close();
  const file = await download(page, id, 'r32');
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-mask-'));
  const out = join(scratch, 'masked.r32');
  terrain([...line.split(' ').slice(1), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
  // The same chain without the mask: every cell below the band's soft edge keeps its bytes.
  const unmasked = join(scratch, 'unmasked.r32');
  const redistributed = join(scratch, 'redistributed.r32');
  terrain([...plain.split(' ').slice(1), '--out', unmasked]);
  const before = line.split(' --then thermal')[0];
  terrain([...before.split(' ').slice(1), '--out', redistributed]);
  const [given, whole] = [await readFile(redistributed), await readFile(unmasked)];
  const heights = (bytes) => Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(4 * i));
  const [g, w, m] = [heights(given), heights(whole), heights(file.bytes)];
  const [lo, hi] = [Math.min(...g), Math.max(...g)];
  let kept = 0;
  let worked = 0;
  for (let i = 0; i < g.length; i += 1) {
    const t = (g[i] - lo) / (hi - lo);
    if (t < 0.45 - 1e-4) {
      assert.equal(file.bytes.readUInt32LE(4 * i), given.readUInt32LE(4 * i), `cell ${i} below the band kept`);
      kept += 1;
    } else if (t >= 0.5 && w[i] !== g[i]) {
      assert.equal(m[i], w[i], `cell ${i} in the band weathered`);
      worked += 1;
    }
  }
  assert.ok(kept > 1000 && worked > 100, `${kept} kept, ${worked} weathered`);
  // A band upside down is refused next to its low end; the terrain stays.
  const kept2 = await inspect(page, id);
  // The high end first: each state on the way is refused, so no terrain is made between.
  await page.fill(`${thermal} [name="height-to"]`, '0.2');
  await page.fill(`${thermal} [name="height-from"]`, '0.9');
  await page.press(`${thermal} [name="height-from"]`, 'Enter');
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.state === 'error', section);
  const refused = await inspect(page, id);
  assert.match(refused.alert, /^Step 2 \(thermal\): From height must not be above To height/);
  assert.equal(await page.$eval(`${thermal} [name="height-from"]`, (i) => i.getAttribute('aria-invalid')), 'true');
  assert.equal(refused.hash, kept2.hash, 'the last good terrain stays');
  // Slopes instead, then everywhere again: the command loses its mask.
  await page.fill(`${thermal} [name="height-from"]`, '0.5');
  await page.fill(`${thermal} [name="height-to"]`, '1');
  await page.selectOption(`${thermal} select[name="where"]`, 'slope');
  await page.press(`${thermal} [name="slope-from"]`, 'Enter');
  await settle(page, id);
  assert.deepEqual(await shown(), ['where', 'slope-from', 'slope-to', 'mask-soft', 'mask-invert']);
  line = await command(page);
  assert.match(line, / --mask-slope 30:90 --mask-soft 0\.05$/);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-where.png') });
  await page.selectOption(`${thermal} select[name="where"]`, 'everywhere');
  await page.press(`${section} [name="seed"]`, 'Enter');
  await settle(page, id);
  assert.equal(await command(page), plain);
  assert.equal((await inspect(page, id)).hash, base.hash, 'everywhere again: the terrain it was');
  assert.deepEqual(problems, []);
});

test("the erosion chapter's worked example opens Make your own on a chain with its steps masked", async () => {
  const visit = await openPage(fx.browser, `${fx.server.url}#erosion`);
  const { page } = visit;
  const link = page.locator('#erosion a[data-example="where"]');
  await link.scrollIntoViewIfNeeded();
  await Promise.all([page.waitForURL(/\?example#compose\?/), link.click()]);
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1, section, { timeout: 60_000 });
  await settle(page, id);
  assert.deepEqual(await steps(page), ['erode', 'thermal']);
  const line = await command(page);
  assert.match(line, /^terrain ds --exponent 8 --seed 7 --then erode --droplets 100000 .*--mask-height 0\.5:1 --mask-soft 0\.05 --then thermal .*--talus 35 .*--mask-slope 40:90 --mask-soft 0\.05$/);
  const caption = await page.$eval(`${section} .step-caption`, (c) => c.textContent);
  assert.match(caption, /only on slopes of 40 to 90 degrees/);
  const file = await download(page, id, 'r32');
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-example-')), 'example.r32');
  terrain([...line.split(' ').slice(1), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-example.png') });
  assert.deepEqual(visit.problems, []);
  await visit.context.close();
});

test('the chain nearest real land is one of its openings: the chain docs/realism.md names, the same bytes', async () => {
  const visit = await openPage(fx.browser, `${fx.server.url}#compose-chapter`);
  const { page } = visit;
  const link = page.locator('#compose-chapter a[data-example="nearest"]');
  await link.scrollIntoViewIfNeeded();
  await Promise.all([page.waitForURL(/\?example#compose\?/), link.click()]);
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.generation) >= 1, section, { timeout: 120_000 });
  await settle(page, id);
  assert.deepEqual(await steps(page), ['uplift', 'amplify']);
  const line = await command(page);
  assert.match(line, /^terrain ds --exponent 8 --seed 1 --then uplift .* --then amplify --factor 8 --detail 0\.3$/);
  // The chain docs/realism.md names, run with the link's seed, writes the page's bytes.
  const realism = await readFile(join(ROOT, 'docs', 'realism.md'), 'utf8');
  const named = /^Nearest real land: `terrain ([^`]+)`$/m.exec(realism);
  assert.ok(named, 'docs/realism.md names the nearest real land');
  const file = await download(page, id, 'r32');
  assert.equal(file.bytes.length, 2049 * 2049 * 4);
  const out = join(await mkdtemp(join(tmpdir(), 'terrain-nearest-')), 'nearest.r32');
  terrain([...named[1].split(' '), '--seed', '1', '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${named[1]}: the page's bytes`);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-nearest.png') });
  assert.deepEqual(visit.problems, []);
  await visit.context.close();
});

test('on the real land the steps run on the map read, and the download is what data-command writes', async () => {
  const { page, problems } = fx.session;
  await setField(page, id, 'base', 'real-land');
  await setField(page, id, 'seed', '3', { wait: true });
  const facts = await inspect(page, id);
  assert.equal(facts.state, 'ready', JSON.stringify(facts));
  const line = await command(page);
  assert.match(line, /^terrain read --in jacksboro\.png --seed 3 --then /);
  // Step 0 is the real land itself: 403 x 344 cells, not a square of 2^n + 1.
  await scrub(page, id, 0);
  assert.match(await page.$eval(`${section} .step-caption`, (c) => c.textContent), /the real-land base/);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-real-land.png') });
  const file = await download(page, id, 'r32');
  assert.equal(file.bytes.length, 403 * 344 * 4, 'the real land\'s size');
  // The command run beside the page's file writes the same bytes.
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-compose-land-'));
  const out = join(scratch, 'composed.r32');
  const land = join(ROOT, 'www', 'real-land', 'jacksboro.png');
  terrain([...line.replace('--in jacksboro.png', `--in ${land}`).split(' ').slice(1), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
  // Back on a generated base (as the tests after this one found it), the map held for the
  // real land plays no part: the fBm base at 129 x 129 again.
  await setField(page, id, 'base', 'fbm');
  await setField(page, id, 'seed', '5', { wait: true });
  assert.match(await command(page), /^terrain fbm --width 129 --height 129 --seed 5 /);
  assert.equal((await download(page, id, 'r32')).bytes.length, 129 * 129 * 4);
  assert.deepEqual(problems, []);
});

test("on the reader's own map the steps run on the file brought, and data-command names it", async () => {
  const { page, problems } = fx.session;
  const picker = `${section} input[name="heightmap"]`;
  // The picker shows only while the base is the reader's map.
  assert.equal(await page.isVisible(picker), false, 'no picker on a generated base');
  await setField(page, id, 'base', 'your-map');
  await page.waitForSelector(picker, { state: 'visible' });
  // A map read from a file has its own size: the size field plays no part and says so.
  assert.ok(await page.isDisabled(`${section} [name="exponent"]`), 'the exponent is off');
  assert.equal(await page.getAttribute(picker, 'aria-describedby'), `${id}-alert ${id}-heightmap-hint`);
  // A map made by the real binary, not square and not 2^n + 1, with a space in its name.
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-compose-yours-'));
  const mine = join(scratch, 'my hills.png');
  terrain(['fbm', '--width', '90', '--height', '61', '--seed', '8', '--out', mine]);
  const before = (await inspect(page, id)).generation;
  await page.setInputFiles(picker, mine);
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, before]);
  await settle(page, id);
  const facts = await inspect(page, id);
  assert.equal(facts.state, 'ready', JSON.stringify(facts));
  const line = await command(page);
  assert.match(line, /^terrain read --in 'my hills\.png' --seed \d+ --then /);
  const file = await download(page, id, 'r32');
  assert.equal(file.bytes.length, 90 * 61 * 4, 'the size of the file brought');
  assert.match(file.name, /^compose-map-seed-\d+\.r32$/);
  await page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-your-map.png') });
  const out = join(scratch, 'composed.r32');
  const [, chain] = line.split(" 'my hills.png' ");
  terrain(['read', '--in', mine, ...chain.split(' '), '--out', out]);
  assert.ok(file.bytes.equals(await readFile(out)), `${line}: the same bytes`);
  // A file that is no heightmap is refused next to the picker; the map brought stays.
  const bad = join(scratch, 'notes.png');
  await writeFile(bad, 'not a heightmap');
  await page.setInputFiles(picker, bad);
  await page.waitForFunction((sel) => document.querySelector(`${sel} [role=alert]`).textContent !== '', section);
  await settle(page, id);
  const said = await page.$eval(`${section} [role=alert]`, (a) => a.textContent);
  assert.match(said, /^Not shown: notes\.png: .*The map shown is the last good one\.$/, said);
  console.log(`# refused: ${said}`);
  assert.equal(await command(page), line, 'the command still reads the map brought');
  assert.equal((await download(page, id, 'r32')).bytes.length, 90 * 61 * 4);
  // Back on a generated base the picker goes; a file dropped on the demo makes it the base.
  await setField(page, id, 'base', 'fbm');
  await settle(page, id);
  assert.equal(await page.isVisible(picker), false, 'the picker goes with the base');
  assert.ok(await page.isEnabled(`${section} [name="exponent"]`), 'the exponent is back');
  const bytes = [...await readFile(mine)];
  const dropped = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, bytes);
  const generation = (await inspect(page, id)).generation;
  await page.dispatchEvent(section, 'drop', { dataTransfer: dropped });
  await page.waitForFunction(([sel, g]) => Number(document.querySelector(sel).dataset.generation) > g, [section, generation]);
  await settle(page, id);
  assert.equal(await page.$eval(`${section} [name="base"]`, (b) => b.value), 'your-map');
  assert.match(await command(page), /^terrain read --in dropped\.png --seed /);
  assert.ok(await page.isVisible(picker));
  assert.equal(await page.$eval(picker, (input) => input.files[0]?.name), 'dropped.png', 'the picker names the file dropped');
  await setField(page, id, 'base', 'fbm');
  await setField(page, id, 'seed', '5', { wait: true });
  assert.match(await command(page), /^terrain fbm --width 129 --height 129 --seed 5 /);
  assert.deepEqual(problems, []);
});

/** The median slope (rise over run) of a `side` x `side` little-endian 16-bit heightmap whose
 * full range stands `heightM` metres over cells a metre apart: each cell's steeper difference to
 * its right and lower neighbours, as a reader of the engine's file would measure it. */
function medianSlope(bytes, side, heightM) {
  const at = (x, y) => (bytes.readUInt16LE(2 * (y * side + x)) / 65535) * heightM;
  const slopes = [];
  for (let y = 0; y + 1 < side; y++) {
    for (let x = 0; x + 1 < side; x++) {
      slopes.push(Math.max(Math.abs(at(x + 1, y) - at(x, y)), Math.abs(at(x, y + 1) - at(x, y))));
    }
  }
  slopes.sort((a, b) => a - b);
  return slopes[Math.floor(slopes.length / 2)];
}

test('a file for each game engine is what --for writes, with its import settings', async () => {
  const { page } = fx.session;
  const line = await command(page);
  const side = 129;
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-engines-'));
  for (const [engine, extension] of [['unity', 'r16'], ['unreal', 'png'], ['godot', 'r16'], ['blender', 'png']]) {
    const file = await download(page, id, `${engine}.${extension}`);
    assert.equal(file.name, `compose-e7-seed-5.${engine}.zip`);
    const entries = unzipStored(file.bytes);
    const stem = 'compose-e7-seed-5';
    const layers = ['sand', 'grass', 'forest', 'rock', 'scree', 'snow', 'riverbed'];
    const materials = ['splat0', 'splat1', ...layers, 'albedo'].map((suffix) => `${stem}_${suffix}.png`);
    assert.deepEqual(Object.keys(entries).sort(), [`${stem}.${extension}`, ...materials, `${stem}.json`, `${stem}.txt`].sort());
    // The page's relief: a height of 1 stands 0.3 of the map's width, lower where that would be
    // steeper than land (a median slope of 30 degrees at most, as the Land view draws it).
    const settings = JSON.parse(entries[`${stem}.json`].toString());
    const heightM = settings.height_m;
    assert.ok(heightM > 0 && heightM <= 0.3 * (side - 1) + 0.05, `${engine}: height ${heightM} m`);
    if (engine === 'unity') {
      const median = medianSlope(entries[`${stem}.${extension}`], side, heightM);
      const tan30 = Math.tan(Math.PI / 6);
      assert.ok(median <= tan30 * 1.02, `the engine's land no steeper than the page's: median slope ${median}`);
      if (heightM < 0.3 * (side - 1) - 0.05) assert.ok(median >= tan30 * 0.98, `lowered just to 30 degrees: ${median}`);
    }
    const folder = await mkdtemp(join(scratch, `${engine}-`));
    const out = join(folder, `${stem}.${extension}`);
    // The engine's flags go with the base, before the first --then.
    const [base, ...chain] = line.split(' --then ');
    const words = [...base.split(' ').slice(1), '--for', engine, '--height-m', String(heightM), '--maps', 'splat,albedo', '--out', out];
    terrain([...words, ...chain.flatMap((step) => ['--then', ...step.split(' ')])]);
    // Every file but the text is what the command line writes: the engine's file, its
    // materials (cropped and ordered as the file is) and the sidecar.
    const written = (await readdir(folder)).sort();
    assert.deepEqual(written, Object.keys(entries).filter((name) => !name.endsWith('.txt')).sort());
    for (const name of written) assert.ok(entries[name].equals(await readFile(join(folder, name))), `${engine}: ${name} as --for writes it`);
    assert.equal(settings.engine, engine);
    assert.ok(settings.import, JSON.stringify(settings));
    // Numbers worked out for the import (a Z scale, a range, a size) to at most 6 significant
    // digits, never an f32's 30.000002; Unity's asks for all three sizes of the terrain.
    const numbers = JSON.stringify(settings.import).match(/-?\d+\.\d+(e-?\d+)?/g) ?? [];
    for (const n of numbers) {
      const digits = n.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '');
      assert.ok(digits.length <= 6, `${engine}: ${n} has more than 6 significant digits`);
    }
    if (engine === 'unity') {
      assert.deepEqual([settings.import.terrain_width_m, settings.import.terrain_length_m, settings.import.terrain_height_m],
        [side - 1, side - 1, heightM], JSON.stringify(settings.import));
    }
    // The text beside them: the import settings in words, and the command line, which run here
    // writes the zip's file again.
    const text = entries[`${stem}.txt`].toString();
    if (engine === 'unity') console.log(text.replace(/^/gm, '# '));
    assert.ok(text.startsWith(`${stem}.${extension}: a heightmap for ${engine}.`), text);
    for (const [key, value] of Object.entries(settings.import)) {
      assert.ok(text.includes(`  ${key.replaceAll('_', ' ')}: `), `${engine}: ${key} in ${text}`);
      if (typeof value === 'string') assert.ok(text.includes(value), `${engine}: ${value} in ${text}`);
    }
    const lines = text.split('\n');
    const given = lines[lines.indexOf('The same files, byte for byte, from the terrain command line:') + 1]?.trim() ?? '';
    assert.ok(given.includes(` --for ${engine} --height-m ${heightM} --maps splat,albedo --out ${stem}.${extension}`), given);
    assert.ok(text.includes(`Its materials (${stem}_splat0.png`), `${engine}: how it takes the materials: ${text}`);
    const again = join(scratch, `again-${engine}.${extension}`);
    terrain(given.replace(`--out ${stem}.${extension}`, `--out ${again}`).split(' ').slice(1));
    assert.ok(entries[`${stem}.${extension}`].equals(await readFile(again)), `${given}: the zip's file again`);
  }
});

test('the splat maps are what --maps splat,albedo writes beside the heights, sidecar and all', async () => {
  const { page, problems } = fx.session;
  // The chain above (fBm, redistributed, weathered): thermal erosion lays scree down, which the
  // page measures as the command line does.
  const line = await command(page);
  assert.match(line, /--then thermal/);
  const stem = 'compose-e7-seed-5';
  const file = await download(page, id, 'splat');
  assert.equal(file.name, `${stem}.splat.zip`);
  const entries = unzipStored(file.bytes);
  const scratch = await mkdtemp(join(tmpdir(), 'terrain-splat-'));
  terrain([...line.split(' ').slice(1), '--out', join(scratch, `${stem}.png`), '--maps', 'splat,albedo']);
  const written = (await readdir(scratch)).sort();
  assert.equal(written.length, 1 + 2 + 7 + 1 + 1, `the heights, two splats, seven layers, the albedo, the sidecar: ${written}`);
  assert.deepEqual(Object.keys(entries).sort(), written);
  for (const name of written) {
    assert.ok(entries[name].equals(await readFile(join(scratch, name))), `${name}: the command line's bytes`);
  }
  const sidecar = JSON.parse(entries[`${stem}.json`].toString());
  assert.equal(sidecar.layers.length, 7);
  assert.equal(sidecar.materials.snow_line, 0.78);
  assert.deepEqual(problems, []);
});

test('a link brings the whole chain back', async () => {
  const { page, context } = fx.session;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const shown = await inspect(page, id);
  const chain = await steps(page);
  await page.click(`${section} [data-action="share"]`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} .status`).textContent === 'Link copied', section);
  const link = await page.$eval(section, (s) => s.dataset.link);
  assert.match(link, /#compose\?base=fbm&exponent=7&snow-line=0\.78&tree-line=0\.6&sand-level=0\.04&rock-slope=40&seed=5&then=redistribute&power=1\.5&then=thermal&iterations=50&talus=30&rate=0\.5$/);
  const visit = await openPage(fx.browser, link);
  await visit.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section);
  await settle(visit.page, id);
  assert.deepEqual(await steps(visit.page), chain);
  // The link keeps the chain, not the view: shown the way this page shows it.
  const mode = await page.$eval(`${section} select[name="view"]`, (s) => s.value);
  await visit.page.selectOption(`${section} select[name="view"]`, mode);
  const back = await inspect(visit.page, id);
  assert.equal(back.hash, shown.hash, 'the same picture');
  assert.equal(await command(visit.page), await command(page));
  assert.deepEqual(visit.problems, []);
  await visit.context.close();
});

test("a bad value in a step's field is refused next to that field; the terrain stays", async () => {
  const { page } = fx.session;
  const kept = await inspect(page, id);
  for (const [step, name, value, says] of [
    ['thermal', 'talus', '95', /^Step 2 \(thermal\): talus must be a number from 1 to 89/],
    ['thermal', 'iterations', 'many', /^Step 2 \(thermal\): iterations must be a whole number/],
    ['redistribute', 'power', '', /^Step 1 \(redistribute\): power .*empty/],
    ['redistribute', 'power', 'NaN', /^Step 1 \(redistribute\): power must be a number/],
  ]) {
    const field = `${section} fieldset[data-step="${step}"] [name="${name}"]`;
    const good = await page.$eval(field, (i) => i.value);
    await page.fill(field, value);
    await page.press(field, 'Enter');
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.state === 'error', section);
    const refused = await inspect(page, id);
    assert.equal(await page.$eval(field, (i) => i.getAttribute('aria-invalid')), 'true', `${name} marked`);
    const message = await describedBy(page, id, name);
    assert.match(refused.alert, says, `${step} ${name} ${JSON.stringify(value)}: ${refused.alert}`);
    assert.match(message, says);
    assert.equal(refused.hash, kept.hash, 'the last good terrain stays');
    await page.fill(field, good);
  }
  await page.press(`${section} [name="seed"]`, 'Enter');
  await settle(page, id);
  assert.equal((await inspect(page, id)).alert, '');
});

test('on a phone the steps stack under the canvas, every control at least 44 px', async () => {
  const phone = await openPage(fx.browser, `${fx.server.url}#${id}`, { width: 390, height: 844 });
  await phone.page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.generation) >= 1, section);
  await settle(phone.page, id);
  // The settings fold away on a phone; open them as a reader would.
  await phone.page.click(`${section} details.settings > summary`);
  const small = await phone.page.$$eval(`${section} fieldset[data-step] :is(input, button), ${section} .add-step :is(select, button)`,
    // A control its step's Where hides takes no room; a checkbox's target is its label.
    (controls) => controls.filter((c) => c.getClientRects().length > 0)
      .map((c) => [c.name || c.dataset.action, (c.type === 'checkbox' ? c.closest('label') : c).getBoundingClientRect()])
      .filter(([, r]) => r.height < 44 || r.width < 44).map(([n, r]) => `${n} ${r.width}x${r.height}`));
  assert.deepEqual(small, []);
  const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `nothing wider than the phone: ${wide}`);
  await phone.page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-390.png') });
  // On the reader's own map the picker shows under the canvas, as large a target as the rest.
  await setField(phone.page, id, 'base', 'your-map', { wait: true });
  const picker = `${section} input[name="heightmap"]`;
  await phone.page.waitForSelector(picker, { state: 'visible' });
  const box = await phone.page.$eval(picker, (input) => input.getBoundingClientRect().toJSON());
  assert.ok(box.height >= 44 && box.width >= 44, `the picker ${box.width}x${box.height}`);
  assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth) <= 390);
  await phone.page.locator(section).screenshot({ path: join(ARTIFACTS, 'compose-your-map-390.png') });
  assert.deepEqual(phone.problems, []);
  await phone.context.close();
});
