/**
 * The click a browser makes of a tap lands on whatever is under the finger when the tap ends. A
 * tap on a card opens the details sheet under that finger (a phone), and the sheet's Edit button
 * was pressed by the tap that only selected the card: the engine cancels the touch's click where
 * the browser lets it (touchend), which it does not always. So the sheet takes a pointer click only
 * when the press began on it; a keyboard's click (detail 0) always counts.
 */
export interface GhostClickGuard {
  onPointerDownCapture(): void;
  onClickCapture(e: { detail: number; preventDefault(): void; stopPropagation(): void }): void;
}

export function ghostClickGuard(): GhostClickGuard {
  let pressed = false;
  return {
    onPointerDownCapture() {
      pressed = true;
    },
    onClickCapture(e) {
      if (e.detail > 0 && !pressed) {
        e.preventDefault();
        e.stopPropagation();
      }
      pressed = false;
    },
  };
}
