/** Runs the jobs, at most `count` at once, and answers their results in order; the first failure fails it (after the running ones end). */
export async function inFlight<T>(count: number, jobs: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  let failed = false;
  const runners = Array.from({ length: Math.min(count, jobs.length) }, async () => {
    while (!failed && next < jobs.length) {
      const i = next++;
      try {
        out[i] = await jobs[i]!();
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  });
  const settled = await Promise.allSettled(runners);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return out;
}
