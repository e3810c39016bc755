import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFunctions } from '../../scripts/buildFunctions.ts';
import { freePort } from '../freePort.ts';

/**
 * The Firebase emulators for tests. `startEmulators` runs `firebase emulators:start` on free
 * ports from a temporary firebase.json (a `demo-` project, so nothing can reach a real Firebase
 * project; UI off; offline), with the functions bundled from an entry of our choice, and resolves
 * once the hub lists every emulator asked for and the CLI says they are all ready (polled, never
 * slept). Firestore and Storage need Java 21 and a downloaded jar: `emulatorUnavailable` says
 * plainly why they cannot run here, and the tests that need them print it and skip.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_BIN = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
/** Run folders live inside the repository so the bundled functions resolve our node_modules. */
const RUNS = join(ROOT, 'tests/firebase/.run');

export const DEMO_PROJECT = 'demo-kinfolk';

export type EmulatorName = 'auth' | 'functions' | 'firestore' | 'storage';

export interface StartOptions {
  only: EmulatorName[];
  /** The functions to load: a TypeScript entry bundled like functions/src/index.ts (the default). */
  functionsEntry?: string;
  /** Variables the functions see (written to the `.env` of their source folder). */
  functionsEnv?: Record<string, string>;
  /** Rules files for Firestore and Storage (default: the repository's). */
  firestoreRules?: string;
  storageRules?: string;
  projectId?: string;
  /** How long starting may take before it is given up (the CLI's start on a busy machine). */
  startTimeoutMs?: number;
}

export interface RunningEmulators {
  projectId: string;
  /** host:port of each emulator started. */
  hosts: Partial<Record<EmulatorName, string>>;
  /** The run's folder (firebase.json, the functions bundle, their .env). */
  runDir: string;
  /** Everything the CLI printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

async function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Resolves when `check` answers true; polls every `everyMs`; rejects with `why()` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, why: () => string, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(why());
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function javaMajorVersion(): number | null {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (run.error) return null;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${run.stderr}${run.stdout}`);
  if (!m) return null;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major;
}

const JARS: Record<'firestore' | 'storage', RegExp> = {
  firestore: /^cloud-firestore-emulator-v[\d.]+\.jar$/,
  storage: /^cloud-storage-rules-runtime-v[\d.]+\.jar$/,
};
const HOST_VARIABLES: Record<'firestore' | 'storage', string> = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
};

/**
 * Why the Firestore or Storage emulator cannot run here, or null when it can: either one is
 * already running where FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST say (and it
 * answers), or Java 21+ and the emulator's jar are on this machine so `startEmulators` can start it.
 */
export async function emulatorUnavailable(kind: 'firestore' | 'storage'): Promise<string | null> {
  const variable = HOST_VARIABLES[kind];
  const given = process.env[variable];
  if (given) {
    const [host, port] = given.split(':');
    return (await reachable(host!, Number(port))) ? null : `${variable}=${given} is set but nothing answers there.`;
  }
  const java = javaMajorVersion();
  if (java === null) return `the ${kind} emulator needs Java 21 or later, and Java is not installed.`;
  if (java < 21) return `the ${kind} emulator needs Java 21 or later, and this machine has Java ${java}.`;
  const cache = join(homedir(), '.cache/firebase/emulators');
  const jar = existsSync(cache) && readdirSync(cache).some((f) => JARS[kind].test(f));
  if (!jar) return `the ${kind} emulator's jar is not in ${cache} and this machine cannot download it (run \`npx firebase setup:emulators:${kind}\` where it can).`;
  return null;
}

/** Where an already running emulator is (from its environment variable), if one is. */
export function givenEmulatorHost(kind: 'firestore' | 'storage'): string | null {
  return process.env[HOST_VARIABLES[kind]] ?? null;
}

export async function startEmulators(options: StartOptions): Promise<RunningEmulators> {
  const projectId = options.projectId ?? DEMO_PROJECT;
  const runDir = join(RUNS, `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(runDir, { recursive: true });

  const ports: Record<string, number> = {};
  for (const name of ['hub', 'logging', 'eventarc', 'tasks', ...options.only]) ports[name] = await freePort();
  const emulators: Record<string, unknown> = {
    singleProjectMode: true,
    ui: { enabled: false },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    eventarc: { host: '127.0.0.1', port: ports.eventarc },
    tasks: { host: '127.0.0.1', port: ports.tasks },
  };
  for (const name of options.only) emulators[name] = { host: '127.0.0.1', port: ports[name] };
  const config: Record<string, unknown> = { emulators };

  if (options.only.includes('functions')) {
    const source = join(runDir, 'functions');
    await buildFunctions(options.functionsEntry ?? join(ROOT, 'functions/src/index.ts'), join(source, 'lib'));
    // The deployed package.json, so the emulator checks the same dependencies and engine.
    await copyFile(join(ROOT, 'functions/package.json'), join(source, 'package.json'));
    const env = Object.entries(options.functionsEnv ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    await writeFile(join(source, '.env'), `${env.join('\n')}\n`);
    config.functions = { source: 'functions' };
  }
  if (options.only.includes('firestore')) config.firestore = { rules: options.firestoreRules ?? join(ROOT, 'firestore.rules') };
  if (options.only.includes('storage')) config.storage = { rules: options.storageRules ?? join(ROOT, 'storage.rules') };
  await writeFile(join(runDir, 'firebase.json'), JSON.stringify(config, null, 2));

  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [FIREBASE_BIN, 'emulators:start', '--only', options.only.join(','), '--project', projectId, '--config', join(runDir, 'firebase.json')],
    // Its own process group, so stopping it ends the function workers it spawned too.
    { cwd: runDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' } },
  );
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));

  const hosts: Partial<Record<EmulatorName, string>> = {};
  for (const name of options.only) hosts[name] = `127.0.0.1:${ports[name]}`;

  async function stop(): Promise<void> {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // Already gone.
      }
      const forced = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 15_000);
      await exit;
      clearTimeout(forced);
    }
    await rm(runDir, { recursive: true, force: true });
  }

  const listed = async () => {
    try {
      const res = await fetch(`http://127.0.0.1:${ports.hub}/emulators`);
      if (!res.ok) return false;
      const running = (await res.json()) as Record<string, unknown>;
      return options.only.every((name) => name in running);
    } catch {
      return false;
    }
  };
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`firebase emulators:start exited before it was ready:\n${output}`);
        return output.includes('All emulators ready') && (await listed());
      },
      () => `The emulators (${options.only.join(', ')}) were not ready in time:\n${output}`,
      options.startTimeoutMs ?? 180_000,
      200,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { projectId, hosts, runDir, output: () => output, stop };
}
