import { describe, expect, it } from 'vitest';
import { ghostClickGuard } from '../../../src/screens/tree/panels/ghostClicks.ts';

const click = (detail: number) => {
  const e = { detail, prevented: false, stopped: false, preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } };
  return e;
};

describe('the details sheet takes only clicks pressed on it', () => {
  it.each([
    ['a tap that began on a card (no press on the sheet)', false, 1, true],
    ['a press and release on the sheet', true, 1, false],
    ['a keyboard click (Enter, Space: detail 0)', false, 0, false],
  ])('%s', (_what, pressed, detail, refused) => {
    const guard = ghostClickGuard();
    if (pressed) guard.onPointerDownCapture();
    const e = click(detail);
    guard.onClickCapture(e);
    expect([e.prevented, e.stopped]).toEqual([refused, refused]);
  });

  it('a press counts for one click only', () => {
    const guard = ghostClickGuard();
    guard.onPointerDownCapture();
    guard.onClickCapture(click(1));
    const second = click(1);
    guard.onClickCapture(second);
    expect(second.prevented).toBe(true);
  });
});
