import { NotFoundError } from '#app/lib/errors.ts'
import { apiHandler } from '#app/server/api.server.ts'

const notFound = apiHandler(() => {
  throw new NotFoundError('There is no such API route')
})

export const loader = notFound
export const action = notFound
