import type { RouterContextProvider } from 'react-router'

import { runtimeContext } from '#app/context.ts'
import { HttpError, MethodNotAllowedError, TooManyRequestsError } from '#app/lib/errors.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { type TableName, TABLES } from '#app/content/registry.ts'

export const JSON_BODY_MAX_BYTES = 1024 * 1024

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * Public content as JSON: the same for everyone until staff change it, so the server's page cache keeps it
 * (compressed once, with an ETag) and browsers revalidate it on every use.
 */
export function publicJson(data: unknown) {
  return json(data, { headers: { 'Cache-Control': 'no-cache' } })
}

/**
 * A read of `table`: public content as publicJson, anything else never stored — nor a read that was not limited
 * to what the public sees (staff's, with drafts): the page cache must never hand it to a visitor.
 */
export function readJson(table: TableName, data: unknown, scope: { publicOnly?: boolean } = {}) {
  const limited = scope.publicOnly || !TABLES[table].publicWhere
  return TABLES[table].public && limited ? publicJson(data) : json(data)
}

export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers)
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
  return Response.json(data, { status: init.status ?? 200, headers })
}

interface RouteArgs {
  request: Request
  context: Readonly<RouterContextProvider>
}

/**
 * Every API loader and action: runs `handler` with the server's runtime, and whatever it throws becomes the API's
 * error answer (errorResponse): a refusal with its status and message, anything unexpected logged and a 500.
 */
export function apiHandler<A extends RouteArgs>(
  handler: (args: A & { runtime: AppRuntime }) => Promise<Response> | Response,
) {
  return async (args: A): Promise<Response> => {
    const runtime = args.context.get(runtimeContext)
    try {
      return await handler({ ...args, runtime })
    } catch (error) {
      return errorResponse(error, (err) =>
        runtime.logger.error(
          { err, method: args.request.method, path: new URL(args.request.url).pathname },
          'api request failed',
        ),
      )
    }
  }
}

/** Refuses (405, with Allow) a request whose method is not among the methods the address answers. */
export function allowMethods(request: Request, allowed: readonly string[]) {
  if (!allowed.includes(request.method)) throw new MethodNotAllowedError(allowed)
}

/** The error body of every API route: `{ error: { message, fields? } }`, never a stack trace. */
export function errorResponse(error: unknown, log?: (error: unknown) => void) {
  if (error instanceof Response) return error
  if (error instanceof HttpError) {
    const body = { error: { message: error.message, ...(error.fields ? { fields: error.fields } : {}) } }
    const headers: Record<string, string> = { ...NO_STORE }
    if (error instanceof TooManyRequestsError) headers['Retry-After'] = String(error.retryAfterSeconds)
    if (error instanceof MethodNotAllowedError) headers.Allow = error.allowed.join(', ')
    return Response.json(body, { status: error.status, headers })
  }
  log?.(error)
  return Response.json(
    { error: { message: 'Something went wrong on our side' } },
    { status: 500, headers: NO_STORE },
  )
}

/** Reads a JSON object body (up to 1 MB); wrong type → 415, too large → 413, bad JSON → 400. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/(.+\+)?json\b/i.test(type))
    throw new HttpError(415, 'Send JSON with Content-Type: application/json')
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > JSON_BODY_MAX_BYTES) throw new HttpError(413, 'The request body is too large')
  const text = await readTextLimited(request, JSON_BODY_MAX_BYTES)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The request body must be a JSON object')
  }
  return value as Record<string, unknown>
}

async function readTextLimited(request: Request, limit: number) {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    // A client that goes away mid-body is no fault of ours: a 400 nobody hears, not an error in the log.
    const { done, value } = await reader.read().catch(() => {
      throw new HttpError(400, 'The request body was cut short')
    })
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw new HttpError(413, 'The request body is too large')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i

/**
 * Reads a form post (URL-encoded or multipart); another type → 415, a body that cannot be parsed (multipart
 * without a boundary, cut short) → 400. Page actions call this instead of `request.formData()`, whose
 * failures would otherwise be a 500.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  if (!FORM_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw new HttpError(415, 'The form could not be read: send it as form data')
  }
  try {
    return await request.formData()
  } catch {
    throw new HttpError(400, 'The form could not be read: it was cut short or is malformed')
  }
}
