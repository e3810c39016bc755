import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFunctions } from '../../scripts/buildFunctions.ts';
import { freePort } from '../freePort.ts';

/**
 * The Firebase emulators for tests, each run on free ports (other test runs share the machine).
 * Firestore runs from Debian's emulator jar with the installed Java (`startFirestore`; firebase-tools
 * ≥ 15 refuses to start it below Java 21). Auth and Functions run from `firebase emulators:start`
 * with a temporary firebase.json (a `demo-` project, so nothing can reach a real Firebase project;
 * UI off; offline), the functions bundled from an entry of our choice and pointed at that
 * Firestore. Each resolves once it answers (polled, never slept). `emulatorUnavailable` says
 * plainly why Firestore cannot run where its jar is missing; Storage never runs here.
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
  /** The Firestore rules file (default: the repository's). */
  firestoreRules?: string;
  projectId?: string;
  /**
   * A worker per function, as deployed, instead of one for all (the default, see `startCli`). The
   * one worker answered two concurrent calls of a page with the same response (the Firebase e2e
   * saw listTrees answered with openGraph's result), so a browser that calls concurrently needs this.
   */
  workerPerFunction?: boolean;
  /** How long starting may take before it is given up (the CLI's start on a busy machine). */
  startTimeoutMs?: number;
}

export interface RunningEmulators {
  projectId: string;
  /** host:port of each emulator started. */
  hosts: Partial<Record<EmulatorName, string>>;
  /** The run's folder (firebase.json, the functions bundle, their .env). */
  runDir: string;
  /** Everything the emulators printed so far (for failure messages). */
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

const HOST_VARIABLES: Record<'firestore' | 'storage', string> = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
};

/** Whether the Firestore emulator at `host` is ready: it answers "Ok" on GET /. */
async function firestoreAnswers(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`);
    return res.ok && (await res.text()).trim() === 'Ok';
  } catch {
    return false;
  }
}

/**
 * The Firestore emulator's jar: KINFOLK_FIRESTORE_JAR, or Debian's google-cloud-cli-firestore-emulator
 * package (installed on every machine of this kind; firebase-tools' own download wants Java 21).
 */
export function firestoreJar(): string | null {
  const given = process.env.KINFOLK_FIRESTORE_JAR;
  if (given) return existsSync(given) ? given : null;
  const listed = spawnSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], { encoding: 'utf8' });
  const jar = listed.error || listed.status !== 0 ? undefined : listed.stdout.split('\n').find((line) => line.endsWith('/cloud-firestore-emulator.jar'));
  return jar && existsSync(jar) ? jar : null;
}

function javaRuns(): boolean {
  return !spawnSync('java', ['-version'], { encoding: 'utf8' }).error;
}

/** Why the Storage emulator never runs here (said by the tests that need it). */
export const STORAGE_UNAVAILABLE =
  "the Storage emulator needs firebase-tools' storage rules runtime, which wants Java 21 and a download, and neither can be had on this machine.";

/**
 * Why the Firestore or Storage emulator cannot run here, or null when it can: Firestore runs from
 * its jar with the installed Java (or is already running where FIRESTORE_EMULATOR_HOST says);
 * Storage only where FIREBASE_STORAGE_EMULATOR_HOST names one already running.
 */
export async function emulatorUnavailable(kind: 'firestore' | 'storage'): Promise<string | null> {
  const variable = HOST_VARIABLES[kind];
  const given = process.env[variable];
  if (given) {
    const [host, port] = given.split(':');
    return (await reachable(host!, Number(port))) ? null : `${variable}=${given} is set but nothing answers there.`;
  }
  if (kind === 'storage') return STORAGE_UNAVAILABLE;
  if (!javaRuns()) return 'the Firestore emulator needs Java (11 or later), and Java is not installed.';
  if (!firestoreJar())
    return "the Firestore emulator's jar was not found: install Debian's google-cloud-cli-firestore-emulator package, or name the jar in KINFOLK_FIRESTORE_JAR.";
  return null;
}

/** Where an already running emulator is (from its environment variable), if one is. */
export function givenEmulatorHost(kind: 'firestore' | 'storage'): string | null {
  return process.env[HOST_VARIABLES[kind]] ?? null;
}

export interface RunningFirestore {
  /** host:port */
  host: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The process groups of every emulator this process started and has not yet seen end. Should a
 * test process end without stopping one (a start that outlived its hook's timeout), they are
 * killed on the way out: no emulator outlives the tests that started it.
 */
const groups = new Set<number>();
process.once('exit', () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** Tracks a detached child's process group until it exits. */
function track(child: ChildProcess): void {
  if (!child.pid) return;
  const pid = child.pid;
  groups.add(pid);
  child.once('exit', () => groups.delete(pid));
}

/** Ends a detached child's whole process group: SIGTERM, then SIGKILL if it lingers. */
async function endGroup(child: ChildProcess, exit: Promise<void>, exited: () => boolean): Promise<void> {
  if (exited() || !child.pid) return;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const forced = setTimeout(() => signal('SIGKILL'), 10_000);
  await exit;
  clearTimeout(forced);
}

/**
 * The Firestore emulator from its jar, on a free port, with `rules` loaded; resolves once it
 * answers "Ok" on GET / (polled). Its own process group, so stopping it leaves no java behind.
 */
export async function startFirestore(options: { rules?: string; timeoutMs?: number } = {}): Promise<RunningFirestore> {
  const why = await emulatorUnavailable('firestore');
  if (why) throw new Error(`The Firestore emulator cannot run: ${why}`);
  const jar = firestoreJar()!;
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  let output = '';
  const child = spawn(
    'java',
    ['-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start', '--host=127.0.0.1', `--port=${port}`, `--rules=${options.rules ?? join(ROOT, 'firestore.rules')}`],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  track(child);
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  const stop = () => endGroup(child, exit, () => exited);
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`The Firestore emulator exited before it was ready:\n${output}`);
        return firestoreAnswers(host);
      },
      () => `The Firestore emulator did not answer at ${host} in time:\n${output}`,
      options.timeoutMs ?? 120_000,
      200,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { host, output: () => output, stop };
}

export async function startEmulators(options: StartOptions): Promise<RunningEmulators> {
  if (options.only.includes('storage')) throw new Error(`The Storage emulator cannot run: ${STORAGE_UNAVAILABLE}`);
  const projectId = options.projectId ?? DEMO_PROJECT;
  const hosts: Partial<Record<EmulatorName, string>> = {};
  // Firestore first, from its jar: the functions are pointed at it when they start.
  const firestore = options.only.includes('firestore') ? await onFreePorts(() => startFirestore({ rules: options.firestoreRules })) : null;
  if (firestore) hosts.firestore = firestore.host;
  const cli = options.only.filter((name) => name !== 'firestore');
  const rest = cli.length ? await onFreePorts(() => startCli(projectId, cli, options, firestore?.host)).catch(async (e: unknown) => {
    await firestore?.stop();
    throw e;
  }) : null;
  Object.assign(hosts, rest?.hosts);
  return {
    projectId,
    hosts,
    runDir: rest?.runDir ?? '',
    output: () => `${firestore ? `[firestore]\n${firestore.output()}\n` : ''}${rest?.output() ?? ''}`,
    async stop() {
      await rest?.stop();
      await firestore?.stop();
    },
  };
}

/**
 * Starts again, on new ports, when a port found free was taken before the emulator bound it
 * (other test runs share the machine); any other failure is thrown at once.
 */
async function onFreePorts<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (e) {
      const taken = /port taken|Address already in use|BindException/i.test(String(e));
      if (!taken || attempt >= attempts) throw e;
    }
  }
}

/**
 * `firebase emulators:start` for the Auth and Functions emulators (they run on Node). The
 * functions reach the Firestore emulator through FIRESTORE_EMULATOR_HOST in the CLI's environment,
 * which its function workers inherit.
 */
async function startCli(projectId: string, only: EmulatorName[], options: StartOptions, firestoreHost: string | undefined) {
  const runDir = join(RUNS, `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(runDir, { recursive: true });

  const ports: Record<string, number> = {};
  for (const name of ['hub', 'logging', 'eventarc', 'tasks', ...only]) ports[name] = await freePort();
  const emulators: Record<string, unknown> = {
    singleProjectMode: true,
    ui: { enabled: false },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    eventarc: { host: '127.0.0.1', port: ports.eventarc },
    tasks: { host: '127.0.0.1', port: ports.tasks },
  };
  for (const name of only) emulators[name] = { host: '127.0.0.1', port: ports[name] };
  const config: Record<string, unknown> = { emulators };

  if (only.includes('functions')) {
    const source = join(runDir, 'functions');
    await buildFunctions(options.functionsEntry ?? join(ROOT, 'functions/src/index.ts'), join(source, 'lib'));
    // The deployed package.json, so the emulator checks the same dependencies and engine.
    await copyFile(join(ROOT, 'functions/package.json'), join(source, 'package.json'));
    const env = Object.entries(options.functionsEnv ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    await writeFile(join(source, '.env'), `${env.join('\n')}\n`);
    config.functions = { source: 'functions' };
  }
  await writeFile(join(runDir, 'firebase.json'), JSON.stringify(config, null, 2));

  // All functions in one worker, started as they load: the emulator otherwise starts a worker per
  // function on its first call (tens of seconds each on a busy machine). The worker then runs one
  // call at a time; its inspector listens on a free local port.
  const oneWorker = only.includes('functions') && !options.workerPerFunction ? ['--inspect-functions', String(await freePort())] : [];
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !Object.values(HOST_VARIABLES).includes(k)));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [FIREBASE_BIN, 'emulators:start', '--only', only.join(','), '--project', projectId, '--config', join(runDir, 'firebase.json'), ...oneWorker],
    // Its own process group, so stopping it ends the function workers it spawned too.
    {
      cwd: runDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...inherited,
        ...(firestoreHost ? { FIRESTORE_EMULATOR_HOST: firestoreHost } : {}),
        CI: '1',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      },
    },
  );
  track(child);
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));

  const hosts: Partial<Record<EmulatorName, string>> = {};
  for (const name of only) hosts[name] = `127.0.0.1:${ports[name]}`;

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
      return only.every((name) => name in running);
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
      () => `The emulators (${only.join(', ')}) were not ready in time:\n${output}`,
      options.startTimeoutMs ?? 180_000,
      200,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { hosts, runDir, output: () => output, stop };
}
