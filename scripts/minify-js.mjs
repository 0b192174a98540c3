// Trunk post-build step (run by post-build.mjs, before the files are stamped): minifies the JS
// glue wasm-bindgen wrote for each module (the page's, the worker's, the later chapters', the file
// encoders', the readers'), with esbuild from tools/node_modules (tools/package-lock.json pins it;
// scripts/setup.sh installs it). Trunk's own minifier cannot read wasm-bindgen's `export default`, so it stays off.
// The glue's exports keep their names (a module's exports are never renamed), which is all the
// page, the worker and the later modules use. Fails the build if esbuild fails or is missing.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.env.TRUNK_STAGING_DIR ?? 'dist';
const esbuild = join(dirname(fileURLToPath(import.meta.url)), '..', 'tools', 'node_modules', '.bin', 'esbuild');
const glue = readdirSync(dir).filter((name) => /^terrain-[a-z0-9-]+\.js$/.test(name));
if (glue.length < 5) {
  console.error(`minify-js: expected the five modules' JS glue in ${dir}, found ${glue}`);
  process.exit(1);
}
for (const name of glue) {
  const file = join(dir, name);
  const before = statSync(file).size;
  try {
    execFileSync(esbuild, [file, '--minify', '--format=esm', '--charset=utf8', '--log-level=warning', `--outfile=${file}`, '--allow-overwrite'], { stdio: 'inherit' });
  } catch (error) {
    console.error(`minify-js: esbuild failed on ${name}: ${error.message}`);
    process.exit(1);
  }
  console.log(`minify-js: ${name} ${before} -> ${statSync(file).size} B`);
}
