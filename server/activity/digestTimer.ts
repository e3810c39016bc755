import { DIGEST_TICK_MS } from '../../src/domain/activity/digest.ts';
import type { DigestRun } from '../../src/domain/activity/service.ts';

/** The timer the digest loop runs on: the global one, or a test's that it fires itself (no sleeping). */
export interface DigestTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: DigestTimers = {
  setInterval: (run, ms) => {
    const handle = setInterval(run, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface DigestLoop {
  /** One run now (the timer calls it; a run still going makes the next tick wait for it). */
  tick(): Promise<DigestRun | null>;
  stop(): Promise<void>;
}

/**
 * Runs the digest every `everyMs` (an hour) at the clock's time, one run at a time. A run that
 * throws is reported and the next tick tries again.
 */
export function startDigestLoop(o: { run(now: Date): Promise<DigestRun>; clock: () => Date; timers?: DigestTimers; everyMs?: number; onError?(err: unknown): void }): DigestLoop {
  const timers = o.timers ?? realTimers;
  let running: Promise<DigestRun | null> | null = null;
  let stopped = false;
  const tick = (): Promise<DigestRun | null> => {
    if (stopped) return Promise.resolve(null);
    if (running) return running;
    running = o
      .run(o.clock())
      .catch((err: unknown) => {
        o.onError?.(err);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const handle = timers.setInterval(() => void tick(), o.everyMs ?? DIGEST_TICK_MS);
  return {
    tick,
    async stop() {
      stopped = true;
      timers.clearInterval(handle);
      await running;
    },
  };
}
