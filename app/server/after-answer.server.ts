import type pino from 'pino'
import { createContext } from 'react-router'

/**
 * Hands `work` over to be done once the request's answer has gone out (host/app.ts starts it when the response
 * closes): for work whose length or outcome must not show in the answer, such as whether an address has access.
 * What it throws is logged, with `failed` as the message.
 */
export type AfterAnswer = (failed: string, work: () => Promise<unknown>) => void

export const afterAnswerContext = createContext<AfterAnswer>()

export interface DeferredWork {
  /** Starts `work` now, logging what it throws. */
  run: AfterAnswer
  /** Resolves once every work started has ended: stopping waits for it before the database closes. */
  settled: () => Promise<void>
}

export function createDeferredWork(logger: pino.Logger): DeferredWork {
  const running = new Set<Promise<void>>()
  return {
    run(failed, work) {
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .then(
          () => {},
          (error: unknown) => logger.error({ err: error }, failed),
        )
        .finally(() => running.delete(done))
      running.add(done)
    },
    async settled() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}
