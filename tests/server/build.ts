// The production bundle the test servers run, built once per set of sources, and the operator's scripts run
// against a test server's data.
import { execFile, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
// Tests build into their own directory so they never replace the build a running `npm start` serves.
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build-test')

/** What the production bundle is made from: the same contents make the same bundle. */
const BUILD_INPUTS = [
  'app',
  'host',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts',
  'tests/scripts.vite.config.ts',
]

/** A digest of every build input's path and contents. */
function buildInputsDigest() {
  const hash = crypto.createHash('sha256')
  const add = (entry: string) => {
    const full = path.join(ROOT, entry)
    const stat = fs.statSync(full, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      // Hidden entries are no input: a test's own scratch folder (app/content/.recipe-<pid>, which the recipe test
      // writes and removes) must not make a run beside it build again, under the servers using the build.
      for (const child of fs.readdirSync(full).sort())
        if (!child.startsWith('.')) add(path.join(entry, child))
      return
    }
    hash.update(`${entry}\0`).update(fs.readFileSync(full)).update('\0')
  }
  for (const entry of BUILD_INPUTS) add(entry)
  return hash.digest('hex')
}

/**
 * Builds the production bundle into BUILD_DIR, and the operator's scripts into BUILD_DIR/scripts (runScript), unless
 * they were built by this function from the very same sources:
 * `npm test` runs Vitest and then Playwright, and each used to build it again (half a minute of two busy cores
 * or more).
 */
export function buildOnce() {
  // Once per run: Vitest runs its global set-up once per project, and a second build would empty the build under
  // the first project's servers.
  if (process.env.LAMPSTAND_TEST_BUILT === BUILD_DIR) return
  const marker = path.join(BUILD_DIR, '.test-build-digest')
  const digest = buildInputsDigest()
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === digest) {
    process.env.LAMPSTAND_TEST_BUILT = BUILD_DIR
    return
  }
  fs.rmSync(marker, { force: true })
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    // Vitest sets NODE_ENV=test, which would make Vite build a development bundle: the tests try what ships.
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`)
  const scripts = spawnSync('npx', ['vite', 'build', '--config', 'tests/scripts.vite.config.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR },
    encoding: 'utf8',
  })
  if (scripts.status !== 0)
    throw new Error(`Build of the scripts failed:\n${scripts.stdout}\n${scripts.stderr}`)
  fs.writeFileSync(marker, digest)
  process.env.LAMPSTAND_TEST_BUILT = BUILD_DIR
}

/**
 * Runs the operator's `npm run <script> -- ARGS` (scripts/<script>.ts, bundled by buildOnce) with this environment
 * on top of the test process's, asynchronously (so a test's keep-alive connections stay sound); resolves with what
 * it printed, or rejects with it and the exit code.
 */
export function runScript(
  script: 'admin' | 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
) {
  return promisify(execFile)(process.execPath, [path.join(BUILD_DIR, 'scripts', `${script}.js`), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  })
}
