import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterEach, expect, test } from 'vitest'

import { sleep, spawnServer, type ServerProcess } from './support.ts'

// `npm start` runs scripts/start.js: a supervisor (node:cluster primary) whose workers serve the site.

const running: ServerProcess[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM')
      await Promise.race([server.exited, sleep(15_000)])
      server.child.kill('SIGKILL')
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A port nobody listens on (the workers share one port, so PORT=0 would change it at every restart). */
async function freePort() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function startSupervisor(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-supervisor-'))
  dirs.push(dataDir)
  const port = await freePort()
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), ...env }, 'scripts/start.js')
  running.push(server)
  return { server, url: `http://127.0.0.1:${port}` }
}

function workerPids(server: ServerProcess) {
  try {
    return execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

async function healthy(url: string) {
  try {
    return (await fetch(`${url}/healthz`)).status === 200
  } catch {
    return false
  }
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await sleep(100)
  }
}

test('a worker that dies is replaced at once, and the site answers again on the same address', async () => {
  const { server, url } = await startSupervisor({ WEB_CONCURRENCY: '1' })
  await server.listening
  const [first] = await waitFor('the worker', () => {
    const pids = workerPids(server)
    return pids.length === 1 ? pids : undefined
  })
  expect(await healthy(url)).toBe(true)

  process.kill(first, 'SIGKILL')
  const [second] = await waitFor('a new worker', () => {
    const pids = workerPids(server)
    return pids.length === 1 && pids[0] !== first ? pids : undefined
  })
  await waitFor('the site to answer again', () => healthy(url))
  expect(second).not.toBe(first)
  expect(server.output()).toMatch(
    new RegExp(`worker ${first} stopped \\(signal SIGKILL\\); starting a new one`),
  )
  expect(server.child.exitCode).toBeNull()
})

test('a new worker that dies before it is ready is replaced too, and the site comes back', async () => {
  const { server, url } = await startSupervisor({ WEB_CONCURRENCY: '1' })
  await server.listening
  const first = await waitFor('the worker', () => workerPids(server).at(0))
  process.kill(first, 'SIGKILL')
  // Its replacement, killed while it starts (as an out-of-memory killer or a database blip would).
  const second = await waitFor(
    'the replacement',
    () => workerPids(server).find((pid) => pid !== first),
    10_000,
  )
  process.kill(second, 'SIGKILL')
  await waitFor('the site to answer again', () => healthy(url))
  expect(server.output()).toMatch(
    new RegExp(`worker ${second} stopped \\(signal SIGKILL, before it was ready\\)`),
  )
  expect(server.child.exitCode).toBeNull()
  expect(workerPids(server)).toHaveLength(1)
})

test('workers killed again and again are replaced, never by more than WEB_CONCURRENCY', async () => {
  const { server, url } = await startSupervisor({ WEB_CONCURRENCY: '2' })
  await server.listening
  await waitFor(
    'two workers listening',
    () => (server.output().match(/Lampstand is listening/g)?.length ?? 0) >= 2 || undefined,
  )
  for (let round = 0; round < 3; round++) {
    for (const pid of workerPids(server)) process.kill(pid, 'SIGKILL')
    await sleep(300)
  }
  await waitFor('the site to answer again', () => healthy(url), 60_000)
  const counts: number[] = []
  for (let i = 0; i < 40; i++) {
    counts.push(workerPids(server).length)
    await sleep(250)
  }
  expect(Math.max(...counts)).toBeLessThanOrEqual(2)
  await waitFor('two workers again', () => workerPids(server).length === 2 || undefined, 60_000)
  // The start-up facts are the same for every worker: the first tells them, not the second nor any replacement.
  for (const fact of [/No administrator yet/g, /E-mail is off/g]) {
    expect(server.output().match(fact)).toHaveLength(1)
  }
})

test('by default one worker runs per CPU, all on one port, and SIGTERM stops them all with exit code 0', async () => {
  const { server, url } = await startSupervisor()
  await server.listening
  const cpus = os.availableParallelism()
  await waitFor('a worker per CPU', () => workerPids(server).length === cpus || undefined)
  await waitFor(
    'every worker listening',
    () => (server.output().match(/Lampstand is listening/g)?.length ?? 0) >= cpus || undefined,
  )
  expect(await healthy(url)).toBe(true)
  const workers = workerPids(server)
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
})

test('a worker that cannot start stops the supervisor with its one line, instead of restarting for ever', async () => {
  const { server } = await startSupervisor({ ADMIN_EMAIL: 'someone@example.org', WEB_CONCURRENCY: '2' })
  expect(await server.exited).toBe(1)
  expect(server.output()).toMatch(/ADMIN_PASSWORD/)
  expect(server.output()).not.toMatch(/starting a new one/)
})

test('a bad WEB_CONCURRENCY stops start-up with one clear line', async () => {
  const { server } = await startSupervisor({ WEB_CONCURRENCY: 'lots' })
  expect(await server.exited).toBe(1)
  expect(server.output().trim()).toBe('WEB_CONCURRENCY must be a whole number from 1 to 64 (it is "lots").')
})
