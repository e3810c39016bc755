/**
 * Giving the thread back during a long export, so progress is posted and a page stays usable. A
 * `setTimeout(0)` after every few pages waited 4 ms each time (timers nested past five levels are
 * clamped): a 10,000-person PDF spent 40% of its time idle. A message to ourselves is not clamped,
 * and the thread is given back only once every `every` ms of work.
 */
const yieldNow = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

export function pacer(every = 30): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < every) return undefined;
    last = now;
    return yieldNow();
  };
}
