import fs from 'node:fs'

import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers' arrows (docs/decisions/0007, docs/architecture.md): routes → server-side services (app/server,
 * app/auth, a kind of content's `*.server.ts`) → models (app/models, a kind's `model.server.ts`) → db; lib, schemas
 * and a kind of content's declarations and browser-safe helpers are leaves everyone may use; components only
 * receive data. An import against an arrow fails lint.
 */
const FROM_APP = '^(#app/|(\\.\\./)+|\\./)'
/** Imports of these app folders (`#app/models/…`, `../models/…`). */
const folders = (...names) =>
  `${FROM_APP}(${names.map((name) => name.replaceAll('.', '\\.')).join('|')})(/|$)`
/** Server-side modules anywhere (`*.server.ts`), route modules of a kind of content (`admin*.tsx`, `*.route.ts`…). */
const SERVER_SIDE = '\\.server\\.tsx?$'
const UI = '\\.tsx$'
const ROUTE_MODULE = '\\.route\\.ts$'
const MODEL = 'model\\.server\\.ts$'
const LOWER_LAYERS = folders(
  'models',
  'db',
  'routes',
  'server',
  'auth',
  'storage',
  'components',
  'runtime.server.ts',
)
const LEAVES_MESSAGE =
  "app/lib, app/schemas, app/dates and a kind of content's declarations are leaves: they import nothing of the app but each other (decision 0007)"
const MODELS_MESSAGE =
  'Models sit above the database only: routes and services call them, never the other way (decision 0007)'

function layer(files, forbidden, message, ignores = []) {
  const patterns = forbidden.map((regex) => ({ regex, message }))
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } }
}

const MODEL_FORBIDS = [
  folders('routes', 'server', 'auth', 'components', 'runtime.server.ts'),
  UI,
  ROUTE_MODULE,
  // A kind of content's services (`#app/content/events/events.server.ts`).
  `^#app/content/[^/]+/(?!${MODEL})[^/]+${SERVER_SIDE}`,
]

/** A kind of content's leaves: its declaration, schema and browser-safe helpers (app/content/<kind>/*.ts). */
const CONTENT_LEAVES = ['app/content/*.ts', 'app/content/*/*.ts']

/**
 * A kind of content reaches another only through its declaration (`content.ts`, with the `schema.ts` it declares)
 * and its model (issue 46, decision 0039), as bulletproof-react seals its features: what a kind keeps inside
 * (its services, pages, components) can change without another kind noticing.
 */
const KINDS = fs
  .readdirSync('app/content', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const KIND_FACES = ['content.ts', 'schema.ts', 'model.server.ts']
/**
 * Pages, mails and jobs made of several kinds: the home page, the About page (its leaders), an event's page and the
 * Events page (their sign-up form and places), the weekly news (events, services and the newest sermon), the live
 * page (the stream's service and the newest sermon) and the YouTube import (which looks around the streamed
 * services' times).
 */
const COMPOSITES = [
  'app/content/home/**',
  'app/content/about/page.tsx',
  'app/content/events/event-page.tsx',
  'app/content/events/events-page.tsx',
  'app/content/news/weekly.server.ts',
  'app/content/news/digest.ts',
  'app/content/news/digest.test.ts',
  'app/content/news/digest-calendar.server.test.ts',
  'app/content/services/live-page.tsx',
  'app/content/sermons/youtube-import.server.ts',
]
const sealedKinds = {
  files: ['app/content/*/**'],
  ignores: COMPOSITES,
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: KINDS.map((kind) => ({
          target: `./app/content/${kind}/**`,
          from: './app/content/*/**',
          except: [`**/app/content/${kind}/**`, ...KIND_FACES.map((file) => `**/app/content/*/${file}`)],
          message:
            "A kind of content imports another only through its content.ts, schema.ts and model.server.ts (decision 0039); a page made of several kinds is listed in eslint.config.js's COMPOSITES",
        })),
      },
    ],
  },
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.react-router/',
      'node_modules/',
      'data/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
      'tests/.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // No module may reach itself through its imports: a cycle means two layers lean on each other, and it
    // makes which module runs first depend on who is imported first. Type-only imports cannot form one.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  sealedKinds,
  {
    files: ['scripts/**', 'bench/**', 'server.js', 'host/supervisor.js', '.ci/**', 'tests/**'],
    rules: { 'no-console': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  layer(
    ['app/lib/**', 'app/schemas/**', 'app/dates/**'],
    [LOWER_LAYERS, `^#app/content/.*(${SERVER_SIDE}|${UI}|${ROUTE_MODULE})`],
    LEAVES_MESSAGE,
  ),
  layer(CONTENT_LEAVES, [LOWER_LAYERS, SERVER_SIDE, UI, ROUTE_MODULE], LEAVES_MESSAGE, [
    'app/content/**/*.server.ts',
    'app/content/**/*.server.test.ts',
    'app/content/**/*.route.ts',
  ]),
  layer(['app/models/**'], MODEL_FORBIDS, MODELS_MESSAGE),
  // A kind's model beside its services: `./events.server.ts` is a service, `./model.server.ts` itself.
  layer(
    ['app/content/*/model.server.ts'],
    [...MODEL_FORBIDS, `^\\./(?!${MODEL})[^/]+${SERVER_SIDE}`],
    MODELS_MESSAGE,
  ),
  layer(
    ['app/db/**', 'app/storage/**'],
    [folders('routes', 'server', 'components'), UI, ROUTE_MODULE],
    'The database and storage layers know nothing of routes or services (decision 0007)',
  ),
  layer(
    ['app/server/**', 'app/auth/**', 'app/content/*/*.server.ts'],
    [folders('routes', 'components'), UI, ROUTE_MODULE],
    'Server-side services are called by routes, never import them (decision 0007)',
    ['app/content/*/model.server.ts'],
  ),
  layer(
    ['app/components/**'],
    [folders('models', 'db', 'server', 'auth', 'storage', 'runtime.server.ts'), SERVER_SIDE, ROUTE_MODULE],
    'Components receive their data from route loaders; they never reach the server side (decision 0007)',
  ),
  layer(
    ['app/islands/**'],
    [LOWER_LAYERS, '^#app/(?!lib/|islands/)', SERVER_SIDE, UI],
    'The public behaviours run in the browser: they import only app/lib and each other (app/islands/README.md)',
  ),
  {
    // A migration is frozen history: what it needs from the application is copied into it, as it was then, or an
    // old migration would change when today's code does. Beside kysely and Node's own modules, only the few
    // libraries the migrations already use.
    files: ['app/db/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!(kysely|temporal-polyfill|rrule-temporal|libphonenumber-js/max)$|node:)',
              message:
                'A migration is frozen history: it imports nothing from the application (copy what it needs into it, as it is now), only kysely, node:* and the libraries named here (decision 0007)',
            },
          ],
        },
      ],
    },
  },
  {
    // Files a reader takes in whole, functions that fit on a screen or two (issue 46): past these, a file holds
    // two concerns and a function two steps. Frozen migrations and the date engine (app/dates/engine.ts,
    // the recurrence rules' one algorithm) are exempt; a test's suite is one `describe.each(databases)` callback,
    // so functions are not counted in tests (their files are).
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['app/db/migrations/**', 'app/dates/engine.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['app/db/migrations/**', 'app/dates/engine.ts', '**/*.test.ts', 'tests/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
)
