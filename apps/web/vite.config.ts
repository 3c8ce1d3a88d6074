import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8181', changeOrigin: true, ws: true },
    },
  },
});
