// Trunk post-build step (run by post-build.mjs, after the steps that rewrite index.html): writes
// embed.html beside it, the page a teacher puts in an <iframe> to show one demo.
//
// embed.html keeps index.html's <head> as built (the style sheet, the deferred loader, the file
// encoders' hashed URL), so it loads the same files, and has one empty demo section: the page's
// module names it after the address's fragment (`embed.html#ds-final?exponent=9&seed=5`, the
// fragment of a share link) and mounts that demo, filling the frame, with a small link to the full
// page. Fails the build if index.html has no <body>.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? 'dist';
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const at = html.indexOf('<body>');
if (at < 0) {
  console.error(`embed-page: no <body> in ${join(dir, 'index.html')}`);
  process.exit(1);
}
const head = html
  .slice(0, at)
  .replace(/<title>[^<]*<\/title>/, '<title>Terrain generation, live: one demo</title>');
writeFileSync(
  join(dir, 'embed.html'),
  `${head}<body data-embed>
<main class="embed">
  <h1 class="visually-hidden">Terrain generation, live: one demo</h1>
  <section data-demo=""></section>
  <p class="full-page"><a href="./" target="_top">Terrain generation, live: the full page</a></p>
</main>
</body>
</html>
`,
);
