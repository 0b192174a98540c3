// A static file server for dist/ on loopback, shared by the end-to-end tests and the page
// benchmark (benches/page). Run directly it serves a directory and prints its address:
//   node scripts/static-server.mjs dist
//   PREFIX=/a/b/ node scripts/static-server.mjs dist   (only under /a/b/, as a project site)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * Serves `root` on 127.0.0.1 at `port` (0: any free one) under the folder `prefix` (`/a/b/`:
 * everything outside it answers 404, as on a host where the site is one project among others);
 * a folder's address serves its index.html. Resolves to { url, close }, `url` ending in `prefix`.
 */
export async function serveDirectory(root, port = 0, prefix = '/') {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    const full = new URL(request.url, 'http://localhost').pathname;
    if (!full.startsWith(prefix)) {
      response.writeHead(404).end('not found');
      return;
    }
    const path = full.slice(prefix.length - 1);
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((ready) => server.listen(port, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${server.address().port}${prefix}`,
    close: () => new Promise((done) => server.close(done)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serveDirectory(process.argv[2] ?? 'dist', Number(process.env.PORT ?? 0), process.env.PREFIX ?? '/');
  console.log(url);
}
