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

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message)
    this.name = 'NotFoundError'
  }
}
