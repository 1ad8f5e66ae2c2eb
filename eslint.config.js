// The house rules as lint (docs/architecture.md): package boundaries, feature isolation, no cycles.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// Every folder under features/ (read, not listed, so a new area is covered the day it is made).
const features = fs
  .readdirSync(new URL('./packages/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

// The server's areas (server/src/areas/<area>/), read the same way; an area uses another only
// through the files that area offers to others, listed here, so every such use is on view.
const areas = fs
  .readdirSync(new URL('./packages/server/src/areas', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const AREA_EXPORTS = {
  // stock SQL (on hand, on order, open demand) and the material copy on lines, which purchasing and the forecast use
  inventory: ['inventory-hooks.ts', 'material-demand-sql.ts'],
  estimating: ['estimate-total-sql.ts'], // an estimate's total, which the analysis sums
  jobs: ['job-children.ts'], // a job's records hidden and kept with a job in the trash, which the schedule's events are
  billing: ['estimate-deposits.ts'], // a won estimate's deposits, which go to its job when estimating makes it
};

// Hand-written SQL in an area takes one form: sqlSelect / sqlRun (db/typed-sql.ts), whole records
// by storedRows (engine/lookup.ts). db/, engine/ and platform/ keep db.query and the rest.
const SQL_BY_HAND = 'An area writes SQL through sqlSelect / sqlRun (db/typed-sql.ts) or storedRows: docs/architecture.md, SQL by hand.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'bench/.data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.mjs',
      'packages/server/src/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      // one import statement per module (a moved symbol's import joins the one already there)
      'import-x/no-duplicates': 'error',
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
            // http goes through engine/, platform/ or an area, never db/ (types excepted below by TS-only imports)
            { target: './packages/server/src/http', from: './packages/server/src/db/schema.ts' },
            // the engine, platform services and the database lie below the areas: the areas are installed into the engine (engine/resources.ts)
            { target: './packages/server/src/engine', from: './packages/server/src/areas' },
            { target: './packages/server/src/platform', from: './packages/server/src/areas' },
            { target: './packages/server/src/db', from: './packages/server/src/areas' },
            // an area does not reach into another area's internals, nor into the list of areas
            ...areas.map((a) => ({
              target: `./packages/server/src/areas/${a}`,
              from: './packages/server/src/areas',
              except: [
                `./${a}`,
                ...Object.entries(AREA_EXPORTS)
                  .filter(([owner]) => owner !== a)
                  .flatMap(([owner, files]) => files.map((file) => `./${owner}/${file}`)),
              ],
            })),
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
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // The files import-x reads to follow imports (no-cycle): without the TypeScript ones it followed
      // only node_modules' JavaScript and found no cycle among ours.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    files: ['packages/server/src/areas/**/*.ts', 'packages/server/src/areas/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']", message: `db.query: ${SQL_BY_HAND}` },
        { selector: "MemberExpression[property.name='orm']", message: `db.orm: ${SQL_BY_HAND}` },
        { selector: "ImportSpecifier[imported.name='sqlRows']", message: `sqlRows: ${SQL_BY_HAND}` },
      ],
    },
  },
  {
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A web function (a component, a hook) a newcomer can read at once: longer ones split by what they do.
    files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipComments: true, skipBlankLines: true }] },
  },
);
