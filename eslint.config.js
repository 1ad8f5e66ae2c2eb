// The house rules as lint (DESIGN.md "Layout"): package boundaries, feature isolation, no cycles.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// Every folder under features/ (read, not listed, so a new area is covered the day it is made).
const features = fs.readdirSync(new URL('./packages/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/.data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', '**/*.mjs', 'packages/server/src/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared is pure: no server, no web
            { target: './packages/shared', from: './packages/server' },
            { target: './packages/shared', from: './packages/web' },
            // web never imports server, server never imports web
            { target: './packages/web', from: './packages/server' },
            { target: './packages/server', from: './packages/web' },
            // http goes through engine/ or domain/, never db/ (types excepted below by TS-only imports)
            { target: './packages/server/src/http', from: './packages/server/src/db/schema.ts' },
            // the engine, platform services and the database lie below the areas: the areas are installed into the engine (engine/resources.ts)
            { target: './packages/server/src/engine', from: './packages/server/src/areas' },
            { target: './packages/server/src/platform', from: './packages/server/src/areas' },
            { target: './packages/server/src/db', from: './packages/server/src/areas' },
            // a feature never imports another feature
            ...features.map((f) => ({
              target: `./packages/web/src/features/${f}`,
              from: './packages/web/src/features',
              except: [`./${f}`],
            })),
            // shared kits do not reach into features
            { target: './packages/web/src/resource-kit', from: './packages/web/src/features' },
            { target: './packages/web/src/ui', from: './packages/web/src/features' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
  },
  {
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
