import { isRouteErrorResponse } from 'react-router'

/** The status and text an error page shows (docs/specification.md §2: status and text, or the message). */
export function describeRouteError(error: unknown) {
  if (isRouteErrorResponse(error)) {
    return {
      status: error.status,
      text: error.statusText || (typeof error.data === 'string' ? error.data : ''),
    }
  }
  return { status: 500, text: error instanceof Error ? error.message : 'Unknown error' }
}
