import { describe, expect, it } from 'vitest';
import { onPage } from '../../../engine/export/pdf.ts';
import { ContentBytes } from '../../../engine/export/pdfContent.ts';

const text = (b: ContentBytes) => new TextDecoder().decode(b.bytes());

describe('PDF content bytes (issue 22: a poster written as bytes, not strings)', () => {
  it.each([0, -0, 1, -1, 0.004, -0.004, 0.005, 0.07, 0.5, 1.1, 12.345, -12.345, 123456.789, -0.05, 1e-9, 14400, 5_600_000.126, 0.995, 2.675])(
    'writes %s as the string a number of hundredths would be',
    (v) => {
      expect(text(new ContentBytes().num(v))).toBe(`${String(Math.round(v * 100) / 100)} `);
    },
  );

  it.each([0, 1, -1, 0.70710678, -0.70710678, 0.00004, 0.00005, 0.1234, 0.99999, -0.5])('writes %s to four places as the string would be', (v) => {
    expect(text(new ContentBytes().num4(v))).toBe(`${String(Math.round(v * 10000) / 10000)} `);
  });

  it('grows past its first buffer and keeps every byte in order', () => {
    const b = new ContentBytes();
    const parts: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      b.str('q ').num(i / 3).str('m\n');
      parts.push(`q ${String(Math.round((i / 3) * 100) / 100)} m\n`);
    }
    expect(text(b)).toBe(parts.join(''));
    expect(b.length).toBe(parts.join('').length);
  });
});

describe("a line's pieces on a tiled page (issue 22: a long line written once per page it crosses, not whole)", () => {
  const page: [number, number, number, number] = [100, 100, 200, 200];
  const fork = [
    { op: 'M', x: 150, y: 0 },
    { op: 'L', x: 150, y: 50 },
    { op: 'L', x: 5000, y: 50 },
    { op: 'L', x: 5000, y: 150 },
  ] as const;
  it.each([
    ['a line wholly on the page is kept whole', [{ op: 'M', x: 110, y: 110 }, { op: 'L', x: 190, y: 110 }, { op: 'L', x: 190, y: 190 }], [{ op: 'M', x: 110, y: 110 }, { op: 'L', x: 190, y: 110 }, { op: 'L', x: 190, y: 190 }]],
    ['a fork above the page leaves nothing', fork, []],
    ['only the piece that crosses the page, from where the piece before it ended', [{ op: 'M', x: 0, y: 150 }, { op: 'L', x: 50, y: 150 }, { op: 'L', x: 50, y: 160 }, { op: 'L', x: 5000, y: 160 }, { op: 'L', x: 5000, y: 900 }], [{ op: 'M', x: 50, y: 160 }, { op: 'L', x: 5000, y: 160 }]],
    ['a piece just off the page, within the line width, is kept', [{ op: 'M', x: 0, y: 98.5 }, { op: 'L', x: 5000, y: 98.5 }], [{ op: 'M', x: 0, y: 98.5 }, { op: 'L', x: 5000, y: 98.5 }]],
    ['a curve whose control point reaches the page is kept', [{ op: 'M', x: 0, y: 0 }, { op: 'Q', cx: 150, cy: 150, x: 300, y: 0 }], [{ op: 'M', x: 0, y: 0 }, { op: 'Q', cx: 150, cy: 150, x: 300, y: 0 }]],
  ] as const)('%s', (_, cmds, expected) => {
    expect(onPage(cmds as never, page, 1.5)).toEqual(expected);
  });
});
