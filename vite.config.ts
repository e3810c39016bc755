import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server listens on API_PORT during `npm run dev`; Vite proxies /api to it and keeps the
// browser's Host header so the server's same-origin check sees the page's own origin.
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/files': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
