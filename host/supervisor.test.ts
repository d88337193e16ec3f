import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterEach, expect, test } from 'vitest'

const SUPERVISOR = pathToFileURL(path.join(import.meta.dirname, 'supervisor.js')).href

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

async function waitFor<T>(what: string, check: () => T | undefined, ms = 20_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('of the supervisor’s workers only the first tells the start-up facts; the others and its replacement keep quiet', async () => {
  // Workers that only say whether they would tell them, then listen (the supervisor starts the next one then).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-supervisor-'))
  const worker = path.join(dir, 'worker.mjs')
  fs.writeFileSync(
    worker,
    `import http from 'node:http'
import { tellsStartupFacts } from ${JSON.stringify(SUPERVISOR)}
console.log(JSON.stringify({ pid: process.pid, tells: tellsStartupFacts() }))
http.createServer().listen(0, '127.0.0.1')
`,
  )
  const start = path.join(dir, 'start.mjs')
  fs.writeFileSync(
    start,
    `import { supervise } from ${JSON.stringify(SUPERVISOR)}
supervise({ exec: ${JSON.stringify(worker)}, workers: 2, log: () => {} })
`,
  )
  const primary = spawn(process.execPath, [start], { stdio: ['ignore', 'pipe', 'inherit'] })
  cleanups.push(() => {
    primary.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  })
  let output = ''
  primary.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const workers = () =>
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { pid: number; tells: boolean })

  await waitFor('two workers', () => workers().length === 2 || undefined)
  process.kill(workers()[0].pid, 'SIGKILL')
  await waitFor('the first one’s replacement', () => workers().length === 3 || undefined)
  expect(workers().map((started) => started.tells)).toEqual([true, false, false])

  const exited = new Promise((resolve) => primary.once('exit', resolve))
  primary.kill('SIGTERM')
  expect(await exited).toBe(0)
})

test('a server started on its own (not by the supervisor) tells the start-up facts', async () => {
  const { tellsStartupFacts } = (await import(SUPERVISOR)) as { tellsStartupFacts: () => boolean }
  expect(tellsStartupFacts()).toBe(true)
})

test('the supervisor stops with its workers when the process that started it ends (a SIGTERM to `npm start`’s npm)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-supervisor-'))
  const worker = path.join(dir, 'worker.mjs')
  fs.writeFileSync(
    worker,
    `import http from 'node:http'
console.log(JSON.stringify({ worker: process.pid }))
http.createServer().listen(0, '127.0.0.1')
`,
  )
  const start = path.join(dir, 'start.mjs')
  fs.writeFileSync(
    start,
    `import { supervise } from ${JSON.stringify(SUPERVISOR)}
console.log(JSON.stringify({ supervisor: process.pid }))
supervise({ exec: ${JSON.stringify(worker)}, workers: 1, log: () => {} })
`,
  )
  // The parent stands in for npm: it starts the supervisor, passes its output on, and is then killed outright.
  const parent = spawn(
    process.execPath,
    [
      '-e',
      `const child = require('node:child_process').spawn(process.execPath, [${JSON.stringify(start)}], { stdio: 'inherit' })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const pids = () =>
    Object.assign(
      {},
      ...output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { supervisor?: number; worker?: number }),
    ) as { supervisor?: number; worker?: number }
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  cleanups.push(() => {
    for (const pid of Object.values(pids())) if (alive(pid)) process.kill(pid, 'SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  })
  const { supervisor, worker: workerPid } = await waitFor('the supervisor and its worker', () => {
    const started = pids()
    return started.supervisor && started.worker ? started : undefined
  })
  parent.kill('SIGKILL')
  await waitFor(
    'the supervisor and its worker to stop',
    () => (!alive(supervisor!) && !alive(workerPid!)) || undefined,
  )
})
