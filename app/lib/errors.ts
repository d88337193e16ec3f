/** An error with an HTTP status that is safe to show to the client as it is. */
export class HttpError extends Error {
  readonly status: number
  readonly fields?: Record<string, string>

  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.fields = fields
  }
}

export class ValidationError extends HttpError {
  constructor(fields: Record<string, string>, message = 'Please correct the highlighted fields') {
    super(400, message, fields)
    this.name = 'ValidationError'
  }
}

/** 429, telling the client how long to wait (the answer's Retry-After). */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number

  constructor(message: string, retryAfterSeconds: number) {
    super(429, message)
    this.name = 'TooManyRequestsError'
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message)
    this.name = 'NotFoundError'
  }
}

/** 405, naming the methods the address does answer (the answer's Allow). */
export class MethodNotAllowedError extends HttpError {
  readonly allowed: readonly string[]

  constructor(allowed: readonly string[]) {
    super(405, `Method not allowed; use ${allowed.join(' or ')}`)
    this.name = 'MethodNotAllowedError'
    this.allowed = allowed
  }
}
