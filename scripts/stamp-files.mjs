// Trunk post-build step (run by post-build.mjs): names the file encoders' module by its content.
//
// Trunk names a worker-type output after its crate (`terrain-files.js`, `terrain-files_bg.wasm`),
// not by content as it does the page's own module, so after a deploy a browser's cache could
// pair a new page with old encoders. This adds the encoders' content hash to the staged
// index.html as `<meta name="terrain-files" content="terrain-files.js?v=HASH">`: the page hands
// that URL to the generator worker, which loads the module and its wasm with the same `?v=HASH`,
// so any change to either file changes both URLs. HASH is the first 16 hex digits of SHA-256 over
// the JS glue followed by the wasm. Fails the build if either file is missing.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? 'dist';
const hash = createHash('sha256');
for (const name of ['terrain-files.js', 'terrain-files_bg.wasm']) {
  try {
    hash.update(readFileSync(join(dir, name)));
  } catch (error) {
    console.error(`stamp-files: ${name} was not built into ${dir}: ${error.message}`);
    process.exit(1);
  }
}
const version = hash.digest('hex').slice(0, 16);
const file = join(dir, 'index.html');
const html = readFileSync(file, 'utf8');
if (!html.includes('</head>')) {
  console.error(`stamp-files: no </head> in ${file}`);
  process.exit(1);
}
const meta = `<meta name="terrain-files" content="terrain-files.js?v=${version}">`;
writeFileSync(file, html.replace(/<meta name="terrain-files"[^>]*>\s*/, '').replace('</head>', `${meta}\n</head>`));
