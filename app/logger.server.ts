import { createRequire } from 'node:module'
import tty from 'node:tty'

import pino from 'pino'
import type PinoPrettyModule from 'pino-pretty'

import type { Env } from './env.server.ts'

export type LogFormat = 'json' | 'pretty'

/** LOG_FORMAT, or else readable lines on a terminal and JSON (one object a line) in a pipe, a file or a journal. */
export function logFormat(env: Pick<Env, 'LOG_FORMAT'>, fd = 1): LogFormat {
  return env.LOG_FORMAT ?? (tty.isatty(fd) ? 'pretty' : 'json')
}

export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  { fd = 1, sync = false }: { fd?: number; sync?: boolean } = {},
) {
  // Written asynchronously: under load, the lines of many requests go out in one write instead of one system
  // call each. Pino writes what is left synchronously when the process exits.
  const destination = pino.destination({ dest: fd, sync })
  const out = sync ? destination : gathered(destination)
  // Loaded only for a terminal: JSON, the usual case in production, goes without its half a megabyte of heap.
  const PinoPretty =
    logFormat(env, fd) === 'pretty'
      ? (createRequire(import.meta.url)('pino-pretty') as typeof PinoPrettyModule)
      : null
  const pretty = PinoPretty
    ? PinoPretty.prettyFactory({
        colorize: tty.isatty(fd) && PinoPretty.isColorSupported,
        translateTime: 'SYS:HH:MM:ss',
        hideObject: true,
        messageFormat: readableMessage,
      })
    : null
  return pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      // Belt and braces: nothing that looks like a secret is ever written, whatever a caller logs.
      redact: {
        paths: ['password', '*.password', 'cookie', '*.cookie', 'headers', '*.headers'],
        remove: true,
      },
    },
    pretty ? { write: (line: string) => out.write(pretty(line)) } : out,
  )
}

/** How long lines wait to be written together after a write, at most. */
const GATHER_MS = 10
const gatherings = new Set<() => void>()
process.once('exit', () => {
  for (const flush of gatherings) flush()
})

/**
 * Lines for `destination`, written at once when none was written in the last GATHER_MS, otherwise gathered and
 * written together when that time is up (and at once when the process exits; the timer is not unref'd, so pino's
 * own end before a natural exit comes after it). Each asynchronous write is a trip through libuv's thread pool and
 * a callback, and under wrk every turn of the event loop answered one request: one write per line, 7 % of a
 * page-cache hit's time in its profile (decision 0047); gathered, one write per 10 ms.
 */
function gathered(destination: ReturnType<typeof pino.destination>) {
  let waiting = ''
  let timer: NodeJS.Timeout | undefined
  let written = -Infinity
  const flush = () => {
    timer = undefined
    written = performance.now()
    if (waiting === '') return
    const lines = waiting
    waiting = ''
    destination.write(lines)
  }
  // Before pino's own handler (registered later, with the destination), which writes out what is left.
  gatherings.add(() => {
    clearTimeout(timer)
    try {
      flush()
    } catch {
      // Ended by pino before a natural exit, which waits for this timer: nothing is waiting.
    }
  })
  return {
    write(line: string) {
      waiting += line
      if (timer) return true
      const wait = written + GATHER_MS - performance.now()
      if (wait <= 0) flush()
      else timer = setTimeout(flush, wait)
      return true
    },
  }
}

/**
 * The logger of request lines (host/app.ts, host/middleware.ts): the same output, level and format, but no
 * redaction. A request line is built by its caller from four fixed fields (method, path without its query string,
 * status, time) and never holds headers, cookies or bodies, so redaction has nothing to find in it; yet its
 * wildcard paths send every value of every line through the redactor (part of the ~12 % of a page-cache hit that
 * its log line cost, decision 0047).
 */
export function requestLogger(logger: pino.Logger) {
  return logger.child({}, { redact: [] })
}

const ERROR_KEYS = new Set(['err', 'error'])

/**
 * A log entry as one line a person reads: a request as `GET /events 200 4.1 ms`; anything else as its message
 * and its other fields as `key=value` (those whose value the message already says are left out), and an error's
 * stack on the lines below.
 */
export function readableMessage(log: Record<string, unknown>, messageKey: string) {
  const { [messageKey]: message = '', level: _level, time: _time, ...fields } = log
  if (message === 'request') return `${fields.method} ${fields.path} ${fields.status} ${fields.ms} ms`
  let line = String(message)
  const stacks: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    if (ERROR_KEYS.has(key) && typeof value === 'object' && value !== null) {
      const error = value as { stack?: unknown; message?: unknown }
      stacks.push(String(error.stack ?? error.message ?? JSON.stringify(value)))
      continue
    }
    if (typeof value === 'string' && value.length > 2 && line.toLowerCase().includes(value.toLowerCase()))
      continue
    line += ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`
  }
  return [line, ...stacks.map((stack) => stack.replace(/^/gm, '    '))].join('\n')
}
