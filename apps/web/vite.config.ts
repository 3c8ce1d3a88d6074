import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: './',
  plugins: [react()],
  // The workspace root holds React 18 for another package; every library must share this app's React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8181', changeOrigin: true, ws: true },
    },
  },
});
