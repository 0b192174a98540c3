// Trunk post-build step (run by post-build.mjs): names the modules the worker loads by their
// content.
//
// Trunk names a worker-type output after its crate (`terrain-files.js`, `terrain-files_bg.wasm`;
// the same for `terrain-worker`, `terrain-readers` and `terrain-chapters`), not by content as it
// does the page's own module, so after a deploy a browser's cache could pair a new page with an old module. This
// adds each one's content hash to the staged index.html as
// `<meta name="terrain-files" content="terrain-files.js?v=HASH">` (and the other three): the
// page hands those URLs to the generator worker, which loads each module and its wasm with the
// same `?v=HASH`, so any change to either file changes both URLs. HASH is the first 16 hex
// digits of SHA-256 over the JS glue followed by the wasm. Fails the build if a file is missing.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? 'dist';
const file = join(dir, 'index.html');
let html = readFileSync(file, 'utf8');
if (!html.includes('</head>')) {
  console.error(`stamp-files: no </head> in ${file}`);
  process.exit(1);
}
for (const module of ['terrain-worker', 'terrain-files', 'terrain-readers', 'terrain-chapters']) {
  const hash = createHash('sha256');
  for (const name of [`${module}.js`, `${module}_bg.wasm`]) {
    try {
      hash.update(readFileSync(join(dir, name)));
    } catch (error) {
      console.error(`stamp-files: ${name} was not built into ${dir}: ${error.message}`);
      process.exit(1);
    }
  }
  const version = hash.digest('hex').slice(0, 16);
  const meta = `<meta name="${module}" content="${module}.js?v=${version}">`;
  html = html.replace(new RegExp(`<meta name="${module}"[^>]*>\\s*`), '').replace('</head>', `${meta}\n</head>`);
}
writeFileSync(file, html);
