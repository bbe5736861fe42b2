// One lint for the whole repo (npm test runs it): TypeScript's recommended rules, React's hook
// rules in the web, and the boundaries the layout depends on, kept by the linter rather than by
// memory (house style, bulletproof-react): no import runs back up a layer (docs/mapa.md, «Capas»),
// in the web utils → lib → hooks → components → features → app, a feature reaches another only
// through its index.ts, in the API lib → db → data → imports → modules → plugins → routes →
// app/server, production code never imports the demo seed, the contracts import nothing of the apps.
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
const API = './apps/api/src';
// Every Prisma model, read from the schema itself (a new model cannot slip past the rule): a write
// to its table belongs in the table's module of src/data. Prisma's client names a model camelCase.
const MODELOS = [...fs.readFileSync(new URL('./prisma/schema.prisma', import.meta.url), 'utf8').matchAll(/^model\s+(\w+)\s*\{/gm)]
  .map(([, nombre]) => nombre.charAt(0).toLowerCase() + nombre.slice(1))
  .join('|');
const ESCRITURAS_PRISMA = 'create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany';
// SQL that writes an app table (the imports' TEMP staging tables, stg_*, are theirs to write).
const SQL_ESCRITURA = String.raw`/\b(INSERT\s+INTO|DELETE\s+FROM)\s+(?!stg_)\w|\bUPDATE\s+(?!stg_)\w+(\s+\w+)?\s+SET\b/i`;
const SOLO_EN_DATA = 'Las escrituras de una tabla van en su módulo de src/data/ (ver apps/api/src/data/README.md).';

const features = fs
  .readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * One zone per layer, from the bottom up: a layer's files import nothing of the layers above it.
 * `capas`: [name, the paths that are the layer, the paths its zone covers (the same unless given)].
 */
function zonasDeCapas(capas, orden) {
  return capas.slice(0, -1).map(([nombre, rutas, objetivo = rutas], i) => ({
    target: objetivo,
    from: capas.slice(i + 1).flatMap(([, r]) => r),
    message: `La capa ${nombre} no importa las de arriba (${orden}; docs/mapa.md, «Capas»).`,
  }));
}

// The web: shared code (utils → lib → hooks → components) → features → app (and main.tsx, the entry).
const CAPAS_WEB = [
  ['utils', [`${WEB}/utils`]],
  ['lib', [`${WEB}/lib`]],
  ['hooks', [`${WEB}/hooks`]],
  ['components', [`${WEB}/components`]],
  ['features', [`${WEB}/features`]],
  ['app', [`${WEB}/app`, `${WEB}/main.tsx`]],
];
// The API. db's zone is its own files (db/*.ts): the demo seed (db/seed) writes through data/ and
// has its own zone below. imports/ (the import pipeline) sits under the services: modules/cargas calls it.
const CAPAS_API = [
  ['lib', [`${API}/lib`, `${API}/env.ts`]],
  ['db', [`${API}/db`], [`${API}/db/*.ts`]],
  ['data', [`${API}/data`]],
  ['imports', [`${API}/imports`]],
  ['modules', [`${API}/modules`]],
  ['plugins', [`${API}/plugins`]],
  ['routes', [`${API}/routes`]],
  ['app/server', [`${API}/app.ts`, `${API}/server.ts`]],
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/api/src/generated/**',
      'apps/web/.e2e-data/**',
      'apps/web/test-results/**',
      '**/.turbo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    // Resolves './x.js' to x.ts and the workspace packages, as TypeScript does, so the path rules see every import.
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'import-x/no-duplicates': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only says the React Compiler would skip a component (react-hook-form's watch); we do not use the compiler.
      'react-hooks/incompatible-library': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never reaches into another: only what the other exports from its index.ts, if
            // it has one; what two features share moves down to components/, hooks/, lib/ or utils/.
            ...features.map((f) => ({
              target: `${WEB}/features/${f}`,
              from: `${WEB}/features`,
              except: [`./${f}`, ...features.filter((g) => g !== f).flatMap((g) => [`./${g}/index.ts`, `./${g}/index.tsx`])],
              message:
                'Una feature no entra en otra: usa lo que esa exporta en su index.ts, o lleva lo compartido a components/, hooks/, lib/ o utils/.',
            })),
            ...zonasDeCapas(CAPAS_WEB, 'utils → lib → hooks → components → features → app'),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...zonasDeCapas(CAPAS_API, 'lib → db → data → imports → modules → plugins → routes → app/server'),
            {
              target: [
                `${API}/modules`,
                `${API}/imports`,
                `${API}/routes`,
                `${API}/plugins`,
                `${API}/lib`,
                `${API}/data`,
                `${API}/db/*.ts`,
              ],
              from: `${API}/db/seed`,
              message: 'El código de producción no importa los datos de demostración.',
            },
            {
              target: `${API}/db/seed`,
              from: CAPAS_API.slice(3).flatMap(([, rutas]) => rutas),
              message:
                'Los datos de demostración escriben por data/ (y usan lib/ y db/), nunca por servicios, plugins ni rutas (docs/mapa.md, «Capas»).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/data/**', 'apps/api/src/db/migrate.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${ESCRITURAS_PRISMA})$/][callee.object.property.name=/^(${MODELOS})$/]`,
          message: SOLO_EN_DATA,
        },
        { selector: `TemplateElement[value.raw=${SQL_ESCRITURA}]`, message: SOLO_EN_DATA },
        { selector: `Literal[value=${SQL_ESCRITURA}]`, message: SOLO_EN_DATA },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/contracts', from: './apps', message: 'Los contratos no dependen de las apps.' }] },
      ],
    },
  },
);
