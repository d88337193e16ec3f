import { pacedStream } from '#app/lib/paced-stream.ts'

const MEGABYTE = 1024 * 1024

/**
 * The request with its body read at most `megabytesPerSecond` (UPLOAD_SPEED_LIMIT; 0 leaves it as it is): an upload
 * then takes its worker's time in slices, and pages asked for meanwhile are not queued behind it (decision 0021).
 */
export function pacedRequest(request: Request, megabytesPerSecond: number): Request {
  if (!request.body || megabytesPerSecond <= 0) return request
  return new Request(request, {
    body: request.body.pipeThrough(pacedStream(megabytesPerSecond * MEGABYTE)),
    duplex: 'half',
  } as RequestInit)
}
