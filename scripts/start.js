// `npm start`: builds the site when there is no build yet (or the sources are newer), then runs the server in
// worker processes that are restarted when they die (host/supervisor.js).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const serverBundle = path.join(buildDir, 'server', 'index.js')
const SOURCES = ['app', 'host', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const builtAt = fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  // The build speaks on stderr: stdout carries the site's log alone (one JSON object a line when it is not a
  // terminal). Vite's list of built files is left to `npm run build`; the progress plugin of vite.config.ts says
  // what is being built instead, and warnings still print.
  console.error(
    builtAt ? 'Sources changed since the last build: building the site…' : 'First start: building the site…',
  )
  const result = spawnSync('npx', ['react-router', 'build', '--logLevel', 'warn'], {
    stdio: ['inherit', process.stderr.fd, 'inherit'],
    env: { ...process.env, LAMPSTAND_BUILD_PROGRESS: '1' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const workers = readWorkerCount(process.env.WEB_CONCURRENCY)
const { supervise } = await import(path.resolve('host/supervisor.js'))
supervise({ exec: path.resolve('server.js'), workers })

/** WEB_CONCURRENCY: how many worker processes serve the site (default: one per CPU). */
function readWorkerCount(value) {
  if (value === undefined || value.trim() === '') return os.availableParallelism()
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64 (it is "${value}").`)
    process.exit(1)
  }
  return count
}
