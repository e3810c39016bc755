import { describe, expect, it } from 'vitest';
import { SCREEN_COMMANDS } from '../../../src/screens/tree/actions/commands.ts';

const key = (k: string, m: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean } = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: null, ...m });

describe('Export chart shortcut (issue 22)', () => {
  it.each([
    [key('E', { ctrlKey: true, shiftKey: true }), true],
    [key('e', { metaKey: true, shiftKey: true }), true],
    [key('e', { ctrlKey: true }), false],
    [key('E', { shiftKey: true }), false],
    [key('E', { ctrlKey: true, shiftKey: true, altKey: true }), false],
  ])('%j opens it: %s', (press, yes) => expect(SCREEN_COMMANDS.exportChart.keyTest(press)).toBe(yes));

  it('is written as the platform writes it', () => {
    expect(SCREEN_COMMANDS.exportChart.shortcut(true)).toBe('⇧ ⌘ E');
    expect(SCREEN_COMMANDS.exportChart.shortcut(false)).toBe('Ctrl Shift E');
  });
});

describe('Charts shortcut (issue 22)', () => {
  it.each([
    [key('C', { shiftKey: true }), true],
    [key('c'), false],
    [key('C', { shiftKey: true, ctrlKey: true }), false],
    [key('C', { shiftKey: true, metaKey: true }), false],
    [key('C', { shiftKey: true, altKey: true }), false],
  ])('%j opens the charts: %s', (press, yes) => expect(SCREEN_COMMANDS.charts.keyTest(press)).toBe(yes));

  it('is written the same on every platform', () => {
    expect(SCREEN_COMMANDS.charts.shortcut(true)).toBe('Shift C');
  });
});
