// Trunk's one post-build hook (Trunk.toml): runs the steps that rewrite the staged index.html,
// then writes embed.html from it, one after the other. Trunk starts every hook of a stage at the
// same time, so two hooks that each read and rewrite index.html race: one can read the file while the other writes it (the
// build fails), or write over the other's change (a page that ships without it). Each step
// exits the process with status 1 when it fails, which fails the build.
await import('./minify-js.mjs'); // the JS glue minified, before anything names it by content
await import('./defer-start.mjs'); // the wasm starts after the page's text has painted
await import('./stamp-files.mjs'); // the file encoders' URL carries their content hash
await import('./embed-page.mjs'); // embed.html: index.html's head, one demo named by its address
