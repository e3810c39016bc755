import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/app.ts';
import { PASSWORD, tempDir } from './helpers.ts';
import { freePort } from '../freePort.ts';

const LINK = /^No accounts yet\. Create the first one here: (http:\/\/127\.0\.0\.1:\d+\/invite\?token=([0-9a-f]{32}))$/m;

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

/** Runs `tsx server/start.ts` like `npm start` does, until it says where it listens. */
async function start(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['server/start.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SKIP_BUILD: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line within 45 s:\n${out}`)), 45_000);
    const check = () => {
      const m = out.match(/^Kinfolk is running at (\S+)$/m);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
  // The first-account line is written right after the start line.
  await new Promise((r) => setTimeout(r, 300));
  return { child, output: () => out, url };
}

async function stop(s: Started): Promise<number | null> {
  if (s.child.exitCode !== null) return s.child.exitCode;
  const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
  s.child.kill('SIGTERM');
  return exited;
}

describe('npm start (server/start.ts)', () => {
  let dataDir: string;
  const running: Started[] = [];
  beforeAll(async () => {
    dataDir = await tempDir('kinfolk-start-');
  });
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the first-account link at each start until it is used, then none', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const first = await start(dataDir, port);
    running.push(first);
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    const links = first.output().match(new RegExp(LINK, 'gm')) ?? [];
    expect(links).toHaveLength(1);
    const [, link, token] = first.output().match(LINK)!;
    expect(link).toBe(`http://127.0.0.1:${port}/invite?token=${token}`);
    expect((await fetch(`${first.url}/api/invitations/${token}`).then((r) => r.json())) as unknown).toMatchObject({ email: '', firstAccount: true });
    expect(await stop(first)).toBe(0);

    // Only the token's hash is stored, so each start prints a new link and the earlier one stops working.
    const second = await start(dataDir, port);
    running.push(second);
    const renewed = second.output().match(LINK)![2]!;
    expect(renewed).not.toBe(token);
    expect((await fetch(`${second.url}/api/invitations/${token}`)).status).toBe(404);
    const accept = await fetch(`${second.url}/api/invitations/${renewed}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: second.url },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', gender: 'Female', email: 'ada@example.com', password: PASSWORD }),
    });
    expect(accept.status).toBe(200);
    expect(await stop(second)).toBe(0);

    const third = await start(dataDir, port);
    running.push(third);
    expect(third.output()).toMatch(/^Kinfolk is running at/m);
    expect(third.output()).not.toMatch(/invite\?token=/);
    const signIn = await fetch(`${third.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect(await stop(third)).toBe(0);
    expect(third.output()).not.toContain(PASSWORD);
  });
});
