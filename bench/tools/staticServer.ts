import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** Serves a built folder (the bench pages) on 127.0.0.1; answers its origin. */
export async function serveFolder(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    if (!path.startsWith(dir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
