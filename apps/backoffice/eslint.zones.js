// Import boundaries of the back office (as in bulletproof-react): shared code (lib/, components/) never
// imports a feature or the app, and a feature never imports another feature or the app; src/app composes them.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const backofficeRoot = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  {
    files: ['apps/backoffice/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: backofficeRoot,
          zones: [
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'Shared code may not depend on features or the app.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature may not depend on the app; the app composes features.',
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
  },
];
