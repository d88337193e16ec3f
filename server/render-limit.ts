import type { NextFunction, Request, Response } from 'express'

/**
 * Lets at most `max` GET/HEAD requests through to rendering at once; the others wait their turn, first come
 * first served. Rendering is CPU work on one thread, so more renders at once finish none sooner — each only
 * holds its data and stream buffers longer (50 at once took the server past 200 MB). Writes and uploads pass
 * straight through: they are few, and an upload may stream for a long time.
 */
export function limitRenders(max: number) {
  let active = 0
  const waiting: Array<() => void> = []

  function release() {
    const next = waiting.shift()
    if (next) next()
    else active--
  }

  return function renderLimit(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const start = () => {
      // A visitor who gave up while waiting frees the turn at once.
      if (res.destroyed || res.writableEnded) return release()
      let released = false
      const done = () => {
        if (released) return
        released = true
        release()
      }
      res.once('finish', done)
      res.once('close', done)
      next()
    }
    if (active < max) {
      active++
      start()
    } else {
      waiting.push(start)
    }
  }
}
