/**
 * `npm run dev`: the API server restarted on change (tsx watch) behind Vite's dev server with hot
 * reload. The browser talks only to Vite (PORT, default 3000), which proxies /api and /files.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
const publicUrl = `http://${host}:${port}`;

const children: ChildProcess[] = [];
function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => shutdown(code ?? 0));
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run(['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/start.ts'], {
  HOST: host,
  PORT: apiPort,
  PUBLIC_URL: publicUrl,
  SKIP_BUILD: '1',
  SERVE_STATIC: '0',
});
run(['node_modules/vite/bin/vite.js', '--host', host, '--port', port, '--strictPort'], { API_PORT: apiPort });
