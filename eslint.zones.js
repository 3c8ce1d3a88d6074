// Import boundaries of a front-end app (as in bulletproof-react): shared code (lib/, components/) never
// imports a feature or the app shell, and a feature never imports another feature or the app shell;
// src/app composes the features.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/** The lint configuration enforcing those boundaries for the app in `appDir` (relative to this file). */
export function featureZones(appDir) {
  const root = fileURLToPath(new URL(`./${appDir}/`, import.meta.url));
  const features = readdirSync(new URL(`./${appDir}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return {
    files: [`${appDir}/src/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'Shared code may not depend on features or the app shell.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature may not depend on the app shell; the app shell composes features.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature may not import another feature; compose features in src/app.',
            })),
          ],
        },
      ],
    },
  };
}
