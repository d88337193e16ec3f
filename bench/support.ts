// Shared pieces of the benchmark scripts: the build, a production server on a fresh data directory, memory
// sampling, results files and a plain-text table.
import { type ChildProcess, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs, type ParseArgsConfig } from 'node:util'

import { ROOT, startServer as startTestServer } from '../tests/test-server.ts'

export { ROOT }
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results')

/** What the production bundle is made from: a build older than any of these is rebuilt. */
const BUILD_INPUTS = [
  'app',
  'host',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
]

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

/**
 * Builds into BUILD_DIR (with NODE_ENV=production) when there is no build, a source file is newer than it, or
 * it was not made by this function: a build made under the tests (NODE_ENV=test) bundles React's development
 * code, twice the size and slower.
 */
export function ensureBuild({ force = false, skip = false } = {}) {
  const bundle = path.join(BUILD_DIR, 'server', 'index.js')
  const marker = path.join(BUILD_DIR, '.bench-production-build')
  const built = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0
  if (skip) {
    if (!built) throw new Error(`No build in ${path.relative(ROOT, BUILD_DIR)} and --no-build was given`)
    return false
  }
  const ours = (fs.statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= built
  const sources = Math.max(...BUILD_INPUTS.map((entry) => newestMtime(path.join(ROOT, entry))))
  if (!force && built && ours && built >= sources) return false
  console.log(`Building into ${path.relative(ROOT, BUILD_DIR) || '.'} …`)
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`)
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`)
  return true
}

/** The options every benchmark takes about its build: `--rebuild` builds anyway, `--no-build` never builds. */
const BUILD_OPTIONS = {
  rebuild: { type: 'boolean', default: false },
  'no-build': { type: 'boolean', default: false },
} as const

/** A benchmark's command-line options: its own `options` and the build's (BUILD_OPTIONS). */
export function benchArgs<const T extends NonNullable<ParseArgsConfig['options']>>(options: T) {
  return parseArgs({ options: { ...options, ...BUILD_OPTIONS } }).values
}

/**
 * A benchmark's command line when its own options are all numbers (`--clients 200`): each read as a number, its
 * default where it is not given, and the build's options.
 */
export function benchNumbers<const T extends Record<string, number>>(defaults: T) {
  const own = Object.fromEntries(Object.keys(defaults).map((name) => [name, { type: 'string' as const }]))
  const values = parseArgs({ options: { ...own, ...BUILD_OPTIONS } }).values as Record<
    string,
    string | boolean | undefined
  >
  const numbers = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      values[name] === undefined ? value : Number(values[name]),
    ]),
  ) as { [K in keyof T]: number }
  return { ...numbers, rebuild: values.rebuild === true, 'no-build': values['no-build'] === true }
}

/** Builds as the command line asked (`--rebuild`, `--no-build`): ensureBuild's answer, whether it built. */
export function buildAsAsked(args: { rebuild?: boolean; 'no-build'?: boolean }) {
  return ensureBuild({ force: args.rebuild, skip: args['no-build'] })
}

export interface BenchServer {
  url: string
  pid: number
  dataDir: string
  /** The last lines the server printed, for an error message. */
  tail: () => string
  stop: () => Promise<void>
}

export interface ServerOptions {
  /** The data directory; seeded with the demo content when empty and SEED_DEMO is not turned off. */
  dataDir: string
  env?: Record<string, string>
  /** Run as `npm start` does: its supervisor and one worker per CPU (WEB_CONCURRENCY in `env` to choose). */
  supervised?: boolean
}

/** The Node flags `npm start` runs the server with (the heap limit), read from package.json's start script. */
export const START_NODE_FLAGS: string[] = (() => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  return (
    pkg.scripts.start
      .match(/(?<=^node )(?:--[\w-]+(?:=\S+)? )+/)?.[0]
      .trim()
      .split(' ') ?? []
  )
})()

/**
 * Starts `node server.js` (or, `supervised`, the supervisor of `npm start`) from BUILD_DIR with `npm start`'s Node
 * flags and the demo content,
 * through the tests' launcher; only the tail of the log is kept: a benchmark run logs hundreds of thousands of
 * request lines.
 */
export async function startServer({
  dataDir,
  env = {},
  supervised = false,
}: ServerOptions): Promise<BenchServer> {
  const server = await startTestServer({
    dataDir,
    entry: supervised ? 'scripts/start.js' : 'server.js',
    buildDir: BUILD_DIR,
    nodeFlags: START_NODE_FLAGS,
    keepOutput: 8_000,
    // The site's own pace for uploads (the tests' servers take them as fast as they come).
    env: { SEED_DEMO: 'true', UPLOAD_SPEED_LIMIT: '', ...env },
  })
  return { url: server.url, pid: server.pid, dataDir, tail: server.output, stop: server.stop }
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

export function makeDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-'))
}

/**
 * Loads the demo content into `dataDir` in a server process of its own: drawing the demo pictures would leave
 * sharp's memory in the measured server, which a real site, seeded once, does not carry.
 */
export async function seedDemo(dataDir: string) {
  const seeding = await startServer({ dataDir, env: { SEED_DEMO: 'true' } })
  await seeding.stop()
}

/** A process and all its descendants (the workers of `npm start`'s supervisor), by pid. */
export function processTree(pid: number): number[] {
  const pids = [pid]
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8')
      for (const child of children.split(' ').filter(Boolean)) pids.push(Number(child))
    } catch {
      // gone, or a kernel without the children file: the process alone
    }
  }
  return pids
}

/** Resident memory of one process in bytes (VmRSS), or null when it is gone. */
function processRss(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

/** Resident memory of a process and its workers: the total, and the largest single process. */
export function readRss(pid: number): { total: number; largest: number } | null {
  const sizes = processTree(pid)
    .map(processRss)
    .filter((size): size is number => size !== null)
  if (sizes.length === 0) return null
  return { total: sizes.reduce((sum, size) => sum + size, 0), largest: Math.max(...sizes) }
}

const CLOCK_TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100,
)

/**
 * CPU time a process and its workers have used so far (user + system), in milliseconds. Unlike requests per
 * second it does not fall when other programs share the machine, so CPU time per request is the steadier figure.
 */
export function readCpuMs(pid: number): number | null {
  let total: number | null = null
  for (const each of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${each}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // Fields 14 and 15 of proc(5) (utime, stime); the slice above starts at field 3.
      total = (total ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
    } catch {
      // gone
    }
  }
  return total
}

/** Waits (at most `maxMs`) until a process uses almost no CPU: the backlog of a previous load run is done. */
export async function waitForIdle(pid: number, maxMs = 20_000) {
  const deadline = Date.now() + maxMs
  let last = readCpuMs(pid) ?? 0
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const now = readCpuMs(pid) ?? 0
    if (now - last < 25) return
    last = now
  }
}

/** Samples a process tree's RSS every `intervalMs` until stopped; returns the peaks seen (total, largest process). */
export function sampleRss(pid: number, intervalMs = 100) {
  const peak = { total: 0, largest: 0 }
  const sample = () => {
    const now = readRss(pid)
    if (!now) return
    peak.total = Math.max(peak.total, now.total)
    peak.largest = Math.max(peak.largest, now.largest)
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop: () => {
      clearInterval(timer)
      sample()
      return peak
    },
  }
}

/** Writes `data` as bench/results/<prefix>-<timestamp>.json and returns the path relative to the project. */
export function writeResults(prefix: string, data: unknown) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = path.join(RESULTS_DIR, `${prefix}${stamp}.json`)
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  return path.relative(ROOT, file)
}

/** What else the machine was doing: figures taken on a busy machine are lower and noisier. */
export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  }
}

export interface Target {
  label: string
  ok: boolean
}

export const target = (ok: boolean, label: string): Target => ({ ok, label })

export function formatTargets(targets: Target[]) {
  return targets.map(({ ok, label }) => `${ok ? '✓' : '✗'} ${label}`).join('  ')
}

export const mb = (bytes: number) => bytes / 2 ** 20
export const kb = (bytes: number) => bytes / 1024

export interface TableSection {
  headers: string[]
  rows: (string | number)[][]
}

/**
 * Prints one table made of sections, each with its own header line and columns; the first column (the row
 * names) is as wide in every section. Numbers are right-aligned; the last column of a row is free text.
 */
export function printTable(sections: TableSection[]) {
  const nameWidth = Math.max(
    ...sections.flatMap((section) => [section.headers, ...section.rows]).map((row) => String(row[0]).length),
  )
  sections.forEach((section, index) => {
    const all = [section.headers, ...section.rows]
    const widths = section.headers.map((_, column) =>
      column === 0 ? nameWidth : Math.max(...all.map((row) => String(row[column] ?? '').length)),
    )
    const line = (row: (string | number)[], header: boolean) =>
      row
        .map((cell, column) => {
          const text = String(cell)
          if (column === row.length - 1) return text
          return column > 0 && (header || typeof cell === 'number' || /^\d/.test(text))
            ? text.padStart(widths[column])
            : text.padEnd(widths[column])
        })
        .join('  ')
        .trimEnd()
    if (index > 0) console.log('')
    console.log(line(section.headers, true))
    console.log(
      widths
        .slice(0, -1)
        .map((width) => '─'.repeat(width))
        .join('  '),
    )
    for (const row of section.rows) console.log(line(row, false))
  })
}

export function round(value: number, digits = 0) {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
