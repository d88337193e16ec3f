import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers' arrows (docs/decisions/0007): routes → server-side services (app/server, app/auth) → models →
 * db; lib and schemas are leaves everyone may use; components only receive data. An import against an arrow
 * fails lint.
 */
function layer(files, forbidden, message) {
  const names = forbidden.map((name) => name.replaceAll('.', '\\.')).join('|')
  // `#app/models/…` or `../models/…`, `../../models/…` (a gitignore-style pattern would read `#` as a comment).
  const regex = `^(#app/|(\\.\\./)+|\\./)(${names})(/|$)`
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] } }
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
    files: ['scripts/**', 'bench/**', 'server.js', 'host/supervisor.js', '.ci/**', 'tests/**'],
    rules: { 'no-console': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  layer(
    ['app/lib/**', 'app/schemas/**'],
    ['models', 'db', 'routes', 'server', 'auth', 'storage', 'components', 'runtime.server.ts'],
    'app/lib and app/schemas are leaves: they import nothing of the app but each other (decision 0007)',
  ),
  layer(
    ['app/models/**'],
    ['routes', 'server', 'auth', 'components', 'runtime.server.ts'],
    'Models sit above the database only: routes and services call them, never the other way (decision 0007)',
  ),
  layer(
    ['app/db/**', 'app/storage/**'],
    ['routes', 'server', 'components'],
    'The database and storage layers know nothing of routes or services (decision 0007)',
  ),
  layer(
    ['app/server/**', 'app/auth/**'],
    ['routes', 'components'],
    'Server-side services are called by routes, never import them (decision 0007)',
  ),
  layer(
    ['app/components/**'],
    ['models', 'db', 'server', 'auth', 'storage', 'runtime.server.ts'],
    'Components receive their data from route loaders; they never reach the server side (decision 0007)',
  ),
)
