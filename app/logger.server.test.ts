import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, expect, test } from 'vitest'

import { createLogger, logFormat, requestLogger } from './logger.server.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Logs a start-up's worth of entries through createLogger into a file, as a pipe or a journal would receive them. */
function logToFile(env: { LOG_FORMAT?: 'json' | 'pretty' }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-logger-'))
  dirs.push(dir)
  const file = path.join(dir, 'log')
  const fd = fs.openSync(file, 'w')
  const logger = createLogger({ LOG_LEVEL: 'info', ...env }, { fd, sync: true })
  logger.info('E-mail is off: set SMTP_URL and MAIL_FROM to send alerts of new messages')
  logger.info(
    { url: 'http://localhost:3000', database: 'sqlite' },
    'Lampstand is listening on http://localhost:3000 (SQLite)',
  )
  logger.info({ method: 'GET', path: '/events', status: 200, ms: 4.1 }, 'request')
  logger.info({ old: 2, spam: 0 }, 'deleted contact messages past the retention period')
  logger.error({ err: new Error('the disk is full'), path: '/admin' }, 'unhandled error')
  logger.info({ password: 'hunter2-hunter2' }, 'a secret is never written')
  fs.closeSync(fd)
  return fs.readFileSync(file, 'utf8')
}

test('logs are JSON, one object a line, when they do not go to a terminal (a pipe, a file, a journal)', () => {
  expect(logFormat({}, fs.openSync(os.devNull, 'w'))).toBe('json')
  const lines = logToFile({}).trimEnd().split('\n')
  expect(lines).toHaveLength(6)
  const entries = lines.map((line) => JSON.parse(line))
  expect(entries[1]).toMatchObject({
    level: 30,
    url: 'http://localhost:3000',
    database: 'sqlite',
    msg: 'Lampstand is listening on http://localhost:3000 (SQLite)',
  })
  expect(entries[2]).toMatchObject({ method: 'GET', path: '/events', status: 200, ms: 4.1, msg: 'request' })
  expect(entries[4].err).toMatchObject({ message: 'the disk is full' })
  expect(lines.join('\n')).not.toContain('hunter2')
})

test('LOG_FORMAT chooses the format whatever the output is', () => {
  const file = fs.openSync(os.devNull, 'w')
  expect(logFormat({ LOG_FORMAT: 'pretty' }, file)).toBe('pretty')
  expect(logFormat({ LOG_FORMAT: 'json' }, file)).toBe('json')
})

test('readable logs (a terminal, or LOG_FORMAT=pretty) say each entry in a line, an error with its stack below', () => {
  const lines = logToFile({ LOG_FORMAT: 'pretty' }).trimEnd().split('\n')
  const time = String.raw`\[\d\d:\d\d:\d\d\]`
  expect(lines[0]).toMatch(
    new RegExp(`^${time} INFO: E-mail is off: set SMTP_URL and MAIL_FROM to send alerts of new messages$`),
  )
  // The address and the database are in the message already.
  expect(lines[1]).toMatch(
    new RegExp(`^${time} INFO: Lampstand is listening on http://localhost:3000 \\(SQLite\\)$`),
  )
  expect(lines[2]).toMatch(new RegExp(`^${time} INFO: GET /events 200 4.1 ms$`))
  expect(lines[3]).toMatch(
    new RegExp(`^${time} INFO: deleted contact messages past the retention period old=2 spam=0$`),
  )
  expect(lines[4]).toMatch(new RegExp(`^${time} ERROR: unhandled error path=/admin$`))
  expect(lines[5]).toMatch(/^ {4}Error: the disk is full$/)
  expect(lines[6]).toMatch(/^ {8}at /)
  expect(lines.at(-1)).toMatch(new RegExp(`^${time} INFO: a secret is never written$`))
  expect(lines.join('\n')).not.toMatch(/[{}]/)
})

test('a request line is written by the request logger as the logger itself writes it, at its level', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-logger-'))
  dirs.push(dir)
  const file = path.join(dir, 'log')
  const fd = fs.openSync(file, 'w')
  const logger = createLogger({ LOG_LEVEL: 'info' }, { fd, sync: true })
  const line = { method: 'GET', path: '/events', status: 200, ms: 0.2 }
  logger.info(line, 'request')
  requestLogger(logger).info(line, 'request')
  logger.level = 'warn'
  requestLogger(logger).info(line, 'request')
  fs.closeSync(fd)
  const [root, request, ...rest] = fs
    .readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((text) => text.replace(/"time":\d+/, '"time":0'))
  expect(request).toBe(root)
  expect(rest).toEqual([])
})

test('lines logged in a burst are written together, in order, soon after; and all of them when the process exits', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-logger-'))
  dirs.push(dir)
  const file = path.join(dir, 'log')
  const fd = fs.openSync(file, 'w')
  const logger = createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { fd })
  for (let n = 0; n < 100; n++) logger.info({ n }, 'line')
  await new Promise((resolve) => setTimeout(resolve, 100))
  const written = fs.readFileSync(file, 'utf8').trimEnd().split('\n')
  expect(written.map((line) => JSON.parse(line).n)).toEqual([...Array(100).keys()])

  // A process that logs and exits at once, as the server does when it stops.
  const script = [
    `import { createLogger } from ${JSON.stringify(path.resolve('app/logger.server.ts'))}`,
    `const logger = createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' })`,
    `for (let n = 0; n < 100; n++) logger.info({ n }, 'line')`,
    `logger.info('Stopped')`,
    `process.exit(0)`,
  ].join('\n')
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  const lines = output.trimEnd().split('\n')
  expect(lines).toHaveLength(101)
  expect(JSON.parse(lines[100]).msg).toBe('Stopped')
})
