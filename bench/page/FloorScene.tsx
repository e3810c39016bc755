/**
 * The method's floor: the same page, container and input as the engines' scenes with nothing
 * drawn. Its listeners are the engine's (pointer events, a wheel listener that is not passive, so
 * the browser waits for the page on every wheel step as it does for both engines) and do nothing,
 * so its busy time per input is what Chromium, the readout and the runner's frame waits cost by
 * themselves. `bench/run.ts` subtracts it from the engines' figures.
 */
import { useEffect, useRef } from 'react';
import type { BenchApi } from './api.ts';

export function FloorScene({ onReady }: { onReady: (api: BenchApi, presentedAt: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current!;
    const listening = new AbortController();
    const { signal } = listening;
    const ignore = () => {};
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'pointerleave']) root.addEventListener(type, ignore, { signal });
    root.addEventListener('wheel', (e) => e.preventDefault(), { signal, passive: false });
    // Ready after a drawn frame, as the engines' scenes are.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame((presentedAt) =>
        onReady(
          {
            locate: () => ({ x: root.clientWidth / 2, y: root.clientHeight / 2 }),
            isEmpty: () => true,
          },
          presentedAt,
        ),
      ),
    );
    return () => {
      cancelAnimationFrame(frame);
      listening.abort();
    };
  }, [onReady]);
  return <div ref={ref} tabIndex={0} style={{ position: 'absolute', inset: 0, touchAction: 'none', outline: 'none' }} />;
}
