import type { XY } from '../../engine/core/types.ts';

/** What the bench runner asks of the page, whatever the engine. */
export interface BenchApi {
  /** Screen position of a card's centre. */
  locate(id: string): XY;
  /** True when no card is within 10 px of a screen point (a safe place to start a pan). */
  isEmpty(p: XY): boolean;
  /** False while the scene still has work queued for idle time (the engine's deferred indexes). */
  settled?(): boolean;
}
