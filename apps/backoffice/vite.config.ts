import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  // React 19 lives in this workspace's node_modules; the hoisted libraries (antd, react-router, ...) must use it too.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://127.0.0.1:8282' } },
});
