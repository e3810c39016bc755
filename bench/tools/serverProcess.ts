/**
 * The app server in a process of its own for benches, so its memory is its own: started with
 * `startBenchServer()`, it answers its address and keeps the peak resident set size and the
 * CPU time used, which `usage()` reads and resets (on a shared machine CPU time says more than
 * wall time).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/app.ts';

type Request = { type: 'peak' } | { type: 'invitation'; email: string } | { type: 'stop' };
type Reply = { type: 'ready'; url: string } | { type: 'peak'; rss: number; cpuMs: number; mainThreadCpuMs: number } | { type: 'invitation'; token: string } | { type: 'stopped' };

export interface BenchServer {
  url: string;
  /**
   * The highest RSS since the last call, in MB, and the CPU time the server used meanwhile: in
   * all its threads, and in its main thread alone (Linux; 0 elsewhere), which is about what the
   * work would take on an idle machine.
   */
  usage(): Promise<{ peakRssMB: number; cpuMs: number; mainThreadCpuMs: number }>;
  createInvitation(email: string): Promise<string>;
  close(): Promise<void>;
}

/** `nodeArgs`: more flags for the server's Node (`--cpu-prof` to profile it). */
export async function startBenchServer(dataDir: string, nodeArgs: readonly string[] = []): Promise<BenchServer> {
  const child = fork(fileURLToPath(import.meta.url), [dataDir], { execArgv: ['--import', 'tsx', ...nodeArgs], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: Reply[] = [];
  const waiting: ((r: Reply) => void)[] = [];
  child.on('message', (m: Reply) => (waiting.length ? waiting.shift()!(m) : replies.push(m)));
  const next = () => new Promise<Reply>((resolve, reject) => {
    if (replies.length) return resolve(replies.shift()!);
    waiting.push(resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const ask = async <T extends Reply['type']>(request: Request, type: T) => {
    child.send(request);
    const reply = await next();
    if (reply.type !== type) throw new Error(`bench server answered ${reply.type} to ${request.type}`);
    return reply as Extract<Reply, { type: T }>;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('bench server did not start');
  return {
    url: ready.url,
    async usage() {
      const reply = await ask({ type: 'peak' }, 'peak');
      return { peakRssMB: reply.rss / 1e6, cpuMs: reply.cpuMs, mainThreadCpuMs: reply.mainThreadCpuMs };
    },
    createInvitation: async (email) => (await ask({ type: 'invitation', email }, 'invitation')).token,
    async close() {
      await ask({ type: 'stop' }, 'stopped');
      await new Promise((r) => (child as ChildProcess).once('exit', r));
    },
  };
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  const send = (m: Reply) => process.send!(m);
  // Linux keeps the peak itself (VmHWM, reset through clear_refs), which a sampler blocked by a
  // long synchronous step could miss; elsewhere the sampler's figure is used.
  const kernelPeak = () => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
      return kb ? Number(kb) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  const resetKernelPeak = () => {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      // Not Linux: the sampler's figure stands.
    }
  };
  /** utime + stime of the main thread (its task id is the process id), in ms at 100 ticks a second. */
  const mainThreadCpu = () => {
    try {
      const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  let peak = 0;
  let cpu = process.cpuUsage();
  let mainCpu = mainThreadCpu();
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss, kernelPeak()));
  const sampler = setInterval(sample, 20);
  const server = await startServer({ dataDir: process.argv[2]!, port: 0, host: '127.0.0.1', serveStatic: true, log: false });
  process.on('message', async (m: Request) => {
    if (m.type === 'peak') {
      sample();
      const used = process.cpuUsage(cpu);
      const main = mainThreadCpu();
      send({ type: 'peak', rss: peak, cpuMs: (used.user + used.system) / 1000, mainThreadCpuMs: main - mainCpu });
      resetKernelPeak();
      peak = 0;
      cpu = process.cpuUsage();
      mainCpu = main;
    } else if (m.type === 'invitation') send({ type: 'invitation', token: await server.createInvitation({ email: m.email }) });
    else {
      clearInterval(sampler);
      await server.close();
      send({ type: 'stopped' });
      process.disconnect();
    }
  });
  send({ type: 'ready', url: server.url });
}
