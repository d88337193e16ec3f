// People besides the administrator a test server starts with, made as `npm run admin -- create` makes them, but
// in one long-lived child process per test process instead of one CLI run each: the CLI spends some 2.5 s of CPU
// loading the application through tsx before it hashes anything, and 64 such runs were a fifth of the
// integration tests' CPU time. Tests of the operator's tool itself run the real CLI (createAdminWithCli).
import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'

import { ROOT } from './test-server.ts'

/** Where a test server keeps its data: the person is stored there. */
export interface PersonStore {
  dataDir: string
  databaseUrl?: string
}

export interface PersonJob extends PersonStore {
  id: number
  email: string
  password: string
}

export type PersonAnswer = { id: number; ok: true } | { id: number; ok: false; error: string }

let child: ChildProcess | null = null
let stderr = ''
let lastId = 0
const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>()

function maker() {
  if (child) return child
  stderr = ''
  const worker = fork(path.join(ROOT, 'tests/people-process.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  worker.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  worker.on('message', (answer: PersonAnswer) => {
    const job = waiting.get(answer.id)
    waiting.delete(answer.id)
    if (waiting.size === 0) idle(worker)
    if (answer.ok) job?.resolve()
    else job?.reject(new Error(answer.error))
  })
  worker.on('exit', (code, signal) => {
    if (child === worker) child = null
    for (const job of waiting.values())
      job.reject(new Error(`The people maker stopped (${code ?? signal}):\n${stderr}`))
    waiting.clear()
  })
  child = worker
  return worker
}

/** Lets the test process end while the maker waits for work (it leaves when its parent goes). */
function idle(worker: ChildProcess) {
  worker.unref()
  worker.channel?.unref()
}

/**
 * Stores an administrator with this e-mail and password in the server's database (or resets the password of the
 * person with that address and makes them an administrator), exactly as `npm run admin -- create` does.
 */
export function insertAdministrator(store: PersonStore, person: { email: string; password: string }) {
  const worker = maker()
  worker.ref()
  worker.channel?.ref()
  const job: PersonJob = {
    id: ++lastId,
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    email: person.email,
    password: person.password,
  }
  return new Promise<void>((resolve, reject) => {
    waiting.set(job.id, { resolve, reject })
    worker.send(job)
  })
}
