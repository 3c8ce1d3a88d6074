import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildFirstScreen, type AppCode } from './first-screen/build-first-screen';

const localeChunkName = (moduleId: string | null) => {
  const match = moduleId?.match(/locales\/([\w-]+)\/(\w+)\.json$/);
  return match ? `locale-${match[1]}-${match[2]}` : null;
};

/**
 * What the entry shares with the lazy screens, kept in one `startup` chunk. Left to the automatic splitting,
 * each of these became a chunk of its own (React, react-dom, i18next, a few antd-mobile utilities, Babel's
 * helpers…): 17 files the first screen requested beside the entry, each a request on a phone's network and
 * main-thread time to issue, and each a gzip stream of its own. Only modules the entry itself imports belong
 * here: the group takes every module that matches, used at start or not, and its imports, and the budget test
 * (scripts/bundle-budget.mjs) sees only the first screen's total, so a lazy library that matches would move
 * into the first screen unnoticed below the budget; startupChunkHoldsOnlyStartup fails the build if one does.
 */
const STARTUP_LIBRARIES = new RegExp(
  [
    /node_modules\/(react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|tslib|classnames)\//,
    /node_modules\/@babel\/runtime\//,
    /node_modules\/antd-mobile\/es\/(global|utils\/(can-use-dom|native-props|with-default-props)|components\/config-provider|locales\/zh-CN)[/.]/,
    /vite\/preload-helper/,
    /packages\/contract\/src\/endpoint\.ts$/,
    /packages\/i18n\/src\/(languages|load)\.ts$/,
    /apps\/web\/src\/lib\/(i18n|storage)\.ts$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/**
 * Fails the build when the startup chunk holds a module the entry does not import, directly or through its
 * static imports: the guard the comment above asks for, so that a lazy library caught by STARTUP_LIBRARIES
 * (or imported by one it catches) cannot ride into the first screen's download unseen.
 */
function startupChunkHoldsOnlyStartup(): Plugin {
  return {
    name: 'kabuto-startup-chunk-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const startup = chunks.find((chunk) => chunk.name === 'startup');
      if (!startup) return this.error('the build has no startup chunk');
      const reached = new Set<string>();
      const pending = chunks.flatMap((chunk) =>
        chunk.isEntry && chunk.facadeModuleId ? [chunk.facadeModuleId] : [],
      );
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      const lazy = startup.moduleIds.filter((id) => !reached.has(id));
      if (lazy.length > 0)
        this.error(`the startup chunk holds modules only lazy screens import:\n  ${lazy.join('\n  ')}`);
    },
  };
}

/** The texts the first screen waits for (src/lib/i18n.ts STARTUP_NAMESPACES) in the default language. */
const FIRST_SCREEN_LOCALE_CHUNKS = ['common', 'web'].map((ns) => `locale-ja-${ns}`);

/**
 * The app renders once its language's texts are in, and without a hint their chunks start only after the
 * whole entry has been fetched and run. Japanese is the default (and most visitors' language), so index.html
 * asks for its startup chunks with the entry, as modulepreloads (requested, with the entry's own, by the first
 * screen's script: see firstScreen). Another stored language loads its own chunks as before.
 */
function preloadDefaultLanguage(): Plugin {
  return {
    name: 'kabuto-preload-default-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.values(bundle ?? {})
          .filter(
            (file) =>
              file.type === 'chunk' &&
              FIRST_SCREEN_LOCALE_CHUNKS.includes(localeChunkName(file.facadeModuleId) ?? ''),
          )
          .map((file) => file.fileName);
        if (files.length !== FIRST_SCREEN_LOCALE_CHUNKS.length)
          throw new Error(
            `expected the chunks ${FIRST_SCREEN_LOCALE_CHUNKS.join(', ')}, found ${files.join(', ')}`,
          );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The opening route's first screen, drawn by index.html before any script has loaded (first-screen/): a
 * template per route, and an inline script that picks one and puts it in the stored language before the
 * first paint. The server allows that script by its hash, read from the built index.html.
 *
 * In the build, nothing else delays that paint or competes with it: the app's stylesheets are inlined, and
 * the app's code (its entry and the entry's modulepreloads) is requested by that script once the first
 * screen has been painted rather than by tags in the head.
 */
function firstScreen(): Plugin {
  return {
    name: 'kabuto-first-screen',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        let page = html;
        let app: AppCode | undefined;
        if (bundle) {
          const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
          if (!entry?.[1]) throw new Error('index.html has no entry script');
          page = page.replace(entry[0], '');
          const preloads: string[] = [];
          page = page.replaceAll(
            /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            (_, href: string) => {
              preloads.push(href);
              return '';
            },
          );
          app = { entry: entry[1], preloads };
          page = page.replaceAll(
            /<link rel="stylesheet" crossorigin href="\.\/([^"]+)">/g,
            (_, file: string) => {
              const css = bundle[file];
              if (css?.type !== 'asset') throw new Error(`no stylesheet ${file} in the build`);
              return `<style>${String(css.source)}</style>`;
            },
          );
        }
        const root = '<div id="root"></div>';
        if (!page.includes(root)) throw new Error(`index.html has no ${root}`);
        return page.replace(root, `${buildFirstScreen(app).html}\n    ${root}`);
      },
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [
    react(),
    startupChunkHoldsOnlyStartup(),
    preloadDefaultLanguage(),
    firstScreen(),
    // Installable app: manifest.webmanifest, and sw.js precaching the shell (every built file) so the app
    // opens offline. No runtime caching: API answers (balances, prices) always come from the network.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // src/app/pwa.ts registers it after the first render, with the update prompt
      manifest: {
        id: './',
        name: 'Kabuto',
        short_name: 'Kabuto',
        description: 'Kabuto: stock trading for everyone',
        lang: 'ja',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1677ff',
        background_color: '#1677ff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
        navigateFallback: 'index.html',
        // The server's other sites under the same origin are never answered with the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/backoffice(\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // The workspace root holds React 18 for another package; every library must share this app's React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Each language's texts are their own chunks (src/lib/i18n.ts loads only the active one); naming them
      // after the language keeps them recognisable in the build, the budget report and the network panel.
      output: {
        codeSplitting: { groups: [{ name: 'startup', test: STARTUP_LIBRARIES }] },
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
