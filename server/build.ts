import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the front-end bundle is built from; a newer file in any of these means a rebuild. */
export const BUILD_INPUTS = ['src', 'engine', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `dist/index.html` is missing or older than any build input. */
export function needsBuild(root: string, distDir = join(root, 'dist')): boolean {
  const built = newestMtime(join(distDir, 'index.html'));
  if (!built) return true;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > built);
}

export async function buildFrontEnd(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
