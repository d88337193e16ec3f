import type { NextFunction, Request, Response } from 'express'

export interface RenderLimitOptions {
  /** Renders at once. */
  max: number
  /** Requests that may wait for a turn; one more is refused at once. */
  maxWaiting: number
  /** How long a request may wait for its turn before it is refused. */
  maxWaitMs: number
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number
}

/**
 * Lets at most `max` GET/HEAD requests render at once; the others wait their turn, first come first served.
 * Rendering is CPU work on one thread, so more renders at once finish none sooner — each only holds its data and
 * stream buffers longer (50 at once took the server past 200 MB). The wait is bounded, in length and in time:
 * past either the request is answered `503` with `Retry-After` at once, rather than left to a client's timeout
 * (which would then find no answer, and the server rendering for nobody). Writes and uploads pass straight
 * through: they are few, and an upload may stream for a long time.
 */
export function createRenderLimit({ max, maxWaiting, maxWaitMs, retryAfterSeconds }: RenderLimitOptions) {
  let active = 0
  /** Each waiting request's start, in arrival order (a Set keeps it, and lets a request that left go at once). */
  const waiting = new Set<() => void>()

  function release() {
    const next = waiting.values().next()
    if (next.done) {
      active--
      return
    }
    waiting.delete(next.value)
    next.value()
  }

  function refuse(req: Request, res: Response) {
    if (res.headersSent || res.destroyed) return
    res.status(503).set({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' })
    const message = 'The site is busy. Please try again in a moment.'
    if (req.path.startsWith('/api/')) res.json({ error: { message } })
    else res.type('text/plain').send(message)
  }

  /**
   * Waits for a turn, held until `res` is finished or closed; resolves false (having answered 503) when the
   * queue is full or the wait too long.
   */
  function takeTurn(req: Request, res: Response): Promise<boolean> {
    const hold = () => {
      let released = false
      const done = () => {
        if (released) return
        released = true
        release()
      }
      res.once('finish', done)
      res.once('close', done)
    }
    // A visitor who left before asking gets nothing, and takes no turn ('close' has been and gone).
    if (res.destroyed || res.writableEnded) return Promise.resolve(false)
    if (active < max) {
      active++
      hold()
      return Promise.resolve(true)
    }
    if (waiting.size >= maxWaiting) {
      refuse(req, res)
      return Promise.resolve(false)
    }
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(timer)
        res.off('close', gone)
        waiting.delete(start)
      }
      const start = () => {
        leave()
        hold()
        resolve(true)
      }
      // A visitor who gives up while waiting frees the place at once.
      const gone = () => {
        leave()
        resolve(false)
      }
      res.once('close', gone)
      const timer = setTimeout(() => {
        leave()
        refuse(req, res)
        resolve(false)
      }, maxWaitMs)
      waiting.add(start)
    })
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (await takeTurn(req, res)) next()
  }

  return { middleware, takeTurn }
}
