import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

/** The engine's own pages: the playground and the bench page (`npm run bench` builds this). */
export default defineConfig({
  plugins: [react()],
  root: resolve(import.meta.dirname),
  server: { port: Number(process.env.PORT ?? 5180), host: '127.0.0.1' },
  preview: { port: Number(process.env.PORT ?? 5181), host: '127.0.0.1' },
  build: {
    outDir: 'dist-bench',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: {
        playground: resolve(import.meta.dirname, 'playground/index.html'),
        bench: resolve(import.meta.dirname, 'bench/page/index.html'),
        treeEdit: resolve(import.meta.dirname, 'bench/tree-edit/index.html'),
        treeImport: resolve(import.meta.dirname, 'bench/tree-import/index.html'),
      },
    },
  },
});
