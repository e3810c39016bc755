import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { BACKEND_KINDS, type BackendKind } from './src/backend/backend.ts';

// The API server listens on API_PORT during `npm run dev`; Vite proxies /api to it and keeps the
// browser's Host header so the server's same-origin check sees the page's own origin.
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ mode }) => {
  // VITE_BACKEND picks the adapter at build time (src/backend/index.ts): written into the code as
  // a literal so the other adapter is dropped from the bundle. An unknown name stops the build.
  const backend = (loadEnv(mode, process.cwd(), 'VITE_').VITE_BACKEND || 'http') as BackendKind;
  if (!BACKEND_KINDS.includes(backend)) {
    throw new Error(`VITE_BACKEND is '${backend}': it must be one of ${BACKEND_KINDS.join(', ')}.`);
  }
  return {
    plugins: [react()],
    define: { 'import.meta.env.VITE_BACKEND': JSON.stringify(backend) },
    server: {
      port: Number(process.env.PORT ?? 3000),
      host: process.env.HOST ?? '127.0.0.1',
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
        '/files': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      },
    },
    build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  };
});
