import type { PathCommand } from '../core/edgePaths.ts';

const n = (v: number) => String(Math.round(v * 100) / 100);

/** Path commands as an SVG `d` attribute. */
export function pathData(cmds: readonly PathCommand[]): string {
  return cmds
    .map((c) => (c.op === 'M' || c.op === 'L' ? `${c.op}${n(c.x)} ${n(c.y)}` : c.op === 'Q' ? `Q${n(c.cx)} ${n(c.cy)} ${n(c.x)} ${n(c.y)}` : `C${n(c.c1x)} ${n(c.c1y)} ${n(c.c2x)} ${n(c.c2y)} ${n(c.x)} ${n(c.y)}`))
    .join('');
}
