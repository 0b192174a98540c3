// Trunk post-build step (run by post-build.mjs): starts the page's wasm after the text has painted.
//
// Trunk's loader preloads the JS and wasm in <head> and starts them as soon as the HTML is
// parsed, so on a slow phone connection the 270 KB of demo code competes with the text the
// reader came for (and Lighthouse counts the wasm download into the largest contentful paint).
// This rewrites the loader in the staged index.html: no preloads, and the module is imported
// and started after the largest contentful paint the browser reports (on embed.html, whose
// content is the demo, the first paint), and 3 s after load at the latest where no paint is
// ever reported. Every demo still starts as before, a moment later. Fails the build if Trunk's loader ever looks different, rather than shipping
// a page that never starts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(process.env.TRUNK_STAGING_DIR ?? 'dist', 'index.html');
let html = readFileSync(file, 'utf8');

const loader =
  /<script type="module">\s*import init, \* as bindings from '([^']+)';\s*const wasm = await init\(\{ module_or_path: '([^']+)' \}\);\s*window\.wasmBindings = bindings;\s*dispatchEvent\(new CustomEvent\("TrunkApplicationStarted", \{detail: \{wasm\}\}\)\);\s*<\/script>/;
const found = html.match(loader);
if (!found) {
  console.error(`defer-start: Trunk's loader script was not found in ${file}`);
  process.exit(1);
}
const [, js, wasm] = found;
html = html.replace(
  loader,
  `<script type="module">
// The demos' code starts after the page's text has painted (scripts/defer-start.mjs).
const start = async () => {
  const bindings = await import('${js}');
  const wasm = await bindings.default({ module_or_path: '${wasm}' });
  window.wasmBindings = bindings;
  dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));
};
// After the largest contentful paint where the browser reports it (on the embed page, whose
// content is the demo, the first contentful paint), else after load.
let started = false;
const once = () => {
  if (!started) {
    started = true;
    setTimeout(start, 0);
  }
};
const kinds = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
const embedded = document.body?.hasAttribute('data-embed');
const wanted = embedded ? ['paint'] : ['largest-contentful-paint', 'paint'];
const kind = wanted.find((k) => kinds.includes(k));
const afterLoad = (run) => {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
};
if (kind) {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    once();
  }).observe({ type: kind, buffered: true });
  // A paint that is never reported must not leave the page without its demos: Chromium sometimes
  // reports no largest contentful paint in a cross-origin iframe (seen in the embed e2e test).
  afterLoad(() => setTimeout(once, 3000));
} else {
  afterLoad(() => requestAnimationFrame(once));
}
</script>`,
);
const preloads = [/<link rel="modulepreload"[^>]*>/, /<link rel="preload"[^>]*type="application\/wasm">/];
for (const preload of preloads) {
  if (!preload.test(html)) {
    console.error(`defer-start: Trunk's preload ${preload} was not found in ${file}`);
    process.exit(1);
  }
  html = html.replace(preload, '');
}
writeFileSync(file, html);
