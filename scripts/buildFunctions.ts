import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

/**
 * Bundles the Cloud Functions (`functions/src/index.ts`, which imports `src/domain`) into one
 * ES module, `functions/lib/index.js`, for deployment and for the emulator harness. Packages
 * (firebase-admin, firebase-functions) stay imports: `functions/package.json` lists them for
 * Cloud Build to install; everything of ours, the shared domain included, is inside the bundle.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildFunctions(entry = resolve(root, 'functions/src/index.ts'), outDir = resolve(root, 'functions/lib')): Promise<string> {
  await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rolldownOptions: { output: { format: 'esm', entryFileNames: 'index.js' } },
    },
    ssr: { target: 'node' },
  });
  return resolve(outDir, 'index.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await buildFunctions();
  console.log(`Built ${out}`);
}
