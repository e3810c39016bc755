import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../engine/export/scene.ts';
import { escapeXml, num, writeSvg } from '../../../engine/export/svg.ts';
import { pathData } from '../../../engine/export/pathData.ts';
import { chartThemes } from '../../../engine/export/themes.ts';
import { nodeFontSet } from '../../exportFonts.ts';

describe('SVG writer (issue 22)', () => {
  it.each([
    ['Ada', 'Ada'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['<script>', '&lt;script&gt;'],
    [`"O'Brien"`, '&quot;O&#39;Brien&quot;'],
    ['bell\u0007 and nul\u0000', 'bell and nul'],
    ['Łukasiewicz Ελένη 李', 'Łukasiewicz Ελένη 李'],
    ['&amp;', '&amp;amp;'],
  ])('escapes %j', (input, out) => expect(escapeXml(input)).toBe(out));

  it.each([
    [1, '1'],
    [1.006, '1.01'],
    [-0.333, '-0.33'],
    [1234.5678, '1234.57'],
  ])('writes %d as %s', (n, s) => expect(num(n)).toBe(s));

  it('writes path commands as a d attribute', () => {
    expect(pathData([{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 10.123, y: 5 }, { op: 'Q', cx: 1, cy: 2, x: 3, y: 4 }, { op: 'C', c1x: 1, c1y: 2, c2x: 3, c2y: 4, x: 5, y: 6 }])).toBe('M0 0L10.12 5Q1 2 3 4C1 2 3 4 5 6');
  });

  it('keeps names as <text>, inlines the fonts used and the photos, and escapes names', async () => {
    const fonts = await nodeFontSet();
    const scene = buildScene(
      { cards: [{ id: 'a', x: 0, y: 0, width: 132, height: 96, data: { title: 'Tom & Jerry', lines: ['Born 1931'], image: 'https://example.com/p.jpg' } }], lines: [] },
      { theme: chartThemes.print, measure: (t, s, w) => fonts.measure(t, s, w) },
    );
    const svg = writeSvg(scene, { fonts, images: new Map([['https://example.com/p.jpg', 'data:image/png;base64,AAAA']]) });
    expect(svg).toMatch(/<text [^>]*font-weight="600"[^>]*>Tom &amp; Jerry<\/text>/);
    expect(svg).toContain('>Born 1931</text>');
    expect(svg).toMatch(/@font-face\{font-family:'Kinfolk Inter';font-weight:600;src:url\(data:font\/woff2;base64,/);
    expect(svg).toContain('href="data:image/png;base64,AAAA"');
    expect(svg).not.toContain('<path d=""');
    // Print theme: white page, dark card border.
    expect(svg).toContain(`<rect x="0" y="0" width="${num(scene.width)}" height="${num(scene.height)}" fill="#ffffff"/>`);
  });

  it('writes one region of the scene (a printed page): what crosses it, in a viewBox of it', async () => {
    const fonts = await nodeFontSet();
    const card = (id: string, x: number) => ({ id, x, y: 0, width: 132, height: 96, data: { title: id } });
    const scene = buildScene({ cards: [card('Left Person', 0), card('Right Person', 1000)], lines: [] }, { theme: chartThemes.print, measure: (t, s, w) => fonts.measure(t, s, w) });
    const svg = writeSvg(scene, { region: { x: 900, y: 0, w: 400, h: 300 } });
    expect(svg).toContain('viewBox="900 0 400 300"');
    expect(svg).toContain('>Right Person</text>');
    expect(svg).not.toContain('Left Person');
    expect(svg).toContain('<rect x="900" y="0" width="400" height="300" fill="#ffffff"/>');
  });

  it('refuses a chart without cards (never an empty file)', () => {
    expect(() => buildScene({ cards: [], lines: [] }, { theme: chartThemes.light, measure: () => 0 })).toThrow(/nobody/);
  });
});
