// A static file server for dist/ on loopback, shared by the end-to-end tests and the page
// benchmark (benches/page). Run directly it serves a directory and prints its address:
//   node scripts/static-server.mjs dist
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

/** Serves `root` on 127.0.0.1 at `port` (0: any free one); resolves to { url, close }. */
export async function serveDirectory(root, port = 0) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const file = normalize(join(base, path === '/' ? 'index.html' : path));
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
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((done) => server.close(done)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serveDirectory(process.argv[2] ?? 'dist', Number(process.env.PORT ?? 0));
  console.log(url);
}
