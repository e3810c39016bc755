/**
 * The bench page's own measurements, shown on screen and read by `bench/run.ts`: rAF frame
 * intervals and, per input event, the time from the event to the end of the next frame.
 */
export interface Readout {
  frames: number[];
  latencies: number[];
  reset(): void;
}

export function startReadout(el: HTMLElement): Readout {
  const r: Readout = {
    frames: [],
    latencies: [],
    reset() {
      r.frames.length = 0;
      r.latencies.length = 0;
    },
  };
  let last = performance.now();
  let pending: number[] = [];
  const onInput = (e: Event) => pending.push(e.timeStamp);
  for (const type of ['pointermove', 'wheel', 'pointerdown']) window.addEventListener(type, onInput, { capture: true, passive: true });
  const tick = (t: number) => {
    r.frames.push(t - last);
    last = t;
    if (pending.length) {
      // After this frame's work: a message task runs once the frame is done.
      const started = pending;
      pending = [];
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        const now = performance.now();
        for (const s of started) r.latencies.push(now - s);
      };
      ch.port2.postMessage(0);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  setInterval(() => {
    const f = r.frames.slice(-60);
    const l = r.latencies.slice(-30);
    const avg = (a: number[]) => (a.length ? a.reduce((s, x) => s + x, 0) / a.length : 0);
    const p95 = (a: number[]) => (a.length ? [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)] : 0);
    el.textContent = `frame ${avg(f).toFixed(1)} ms (p95 ${p95(f).toFixed(1)}) · input→frame ${avg(l).toFixed(1)} ms`;
  }, 500);
  return r;
}
