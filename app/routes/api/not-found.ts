import { errorResponse } from '#app/server/api.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'

export function loader() {
  return errorResponse(new NotFoundError('There is no such API route'))
}

export function action() {
  return errorResponse(new NotFoundError('There is no such API route'))
}
