// Starting the server process itself: `node server.js` (or `npm start`'s supervisor) from the production build, on
// a random 127.0.0.1 port, its output kept and its address read from its first log lines.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

import { BUILD_DIR, ROOT } from './build.ts'
import { clockControl } from './movable-clock.ts'

export interface LaunchOptions {
  /** `server.js` (one process) or `scripts/start.js` (`npm start`: the supervisor and its workers). */
  entry?: string
  buildDir?: string
  /** Node's own flags, before the script (a benchmark runs the server as `npm start` does). */
  nodeFlags?: string[]
  /** The server's environment on top of a quiet baseline (no database URL, no demo content, no administrator). */
  env?: Record<string, string>
  /** Keep only the last this many characters of output (a benchmark's server logs a line per request). */
  keepOutput?: number
  /**
   * Start the server with the test harness's movable clock (tests/setup/movable-clock.mjs, decision 0046): the
   * test moves it while the server runs with `setClock`.
   */
  movableClock?: boolean
}

export interface ServerProcess {
  child: ChildProcess
  /** What the server printed (all of it, or its tail with `keepOutput`). */
  output: () => string
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
  /** Resolves with the server's URL once it listens; rejects if the process ends first. */
  listening: Promise<string>
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has ended. */
  stop: () => Promise<void>
  /** Moves the clock of a server started with `movableClock`; resolves once it reads from there. */
  setClock: (at: string) => Promise<void>
}

/** Starts the server process and answers at once; most tests want startServer(), which waits for it. */
export function launchServer({
  entry = 'server.js',
  buildDir = BUILD_DIR,
  nodeFlags = [],
  env = {},
  keepOutput = Infinity,
  movableClock = false,
}: LaunchOptions = {}): ServerProcess {
  const preload = movableClock ? ['--import', path.join(ROOT, 'tests', 'setup', 'movable-clock.mjs')] : []
  const child = spawn(process.execPath, [...nodeFlags, ...preload, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      PUBLIC_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: movableClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    if (output.length > keepOutput) output = output.slice(-keepOutput)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const listening = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output)
      if (!match) return
      child.stdout?.off('data', onData)
      resolve(match[1].replace('localhost', '127.0.0.1'))
    }
    child.stdout?.on('data', onData)
    void exited.then((code) => reject(new Error(`Server exited with ${code}:\n${output}`)))
  })
  listening.catch(() => {})
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  const setClock = clockControl(child)
  return { child, output: () => output, exited, listening, stop, setClock }
}
