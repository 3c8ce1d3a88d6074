import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const localeChunkName = (moduleId: string | null) => {
  const match = moduleId?.match(/locales\/([\w-]+)\/(\w+)\.json$/);
  return match ? `locale-${match[1]}-${match[2]}` : null;
};

export default defineConfig({
  base: './',
  plugins: [react()],
  // The workspace root holds React 18 for another package; every library must share this app's React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Each language's texts are their own chunks (src/lib/i18n.ts loads only the active one); naming them
      // after the language keeps them recognisable in the build, the budget report and the network panel.
      output: {
        chunkFileNames: (chunk) => `assets/${localeChunkName(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8181', changeOrigin: true, ws: true },
    },
  },
});
