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
  // Written asynchronously and gathered (sonic-boom's minLength): under load, the lines of many requests go out in
  // one write at most every GATHER_MS instead of one write each — each asynchronous write is a trip through libuv's
  // thread pool and a callback, 7 % of a page-cache hit's time when every request had its own (decision 0047). Pino
  // writes what is left synchronously when the process exits.
  const out = pino.destination(
    sync ? { dest: fd, sync } : { dest: fd, sync, minLength: GATHER_BYTES, periodicFlush: GATHER_MS },
  )
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

/** How long lines wait to be written together, at most, and how much is written at once without waiting. */
const GATHER_MS = 10
const GATHER_BYTES = 4096

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
