import type { GiftStatus } from './schema.ts'

/** What applying a Stripe event came to: done (with the gifts whose receipts may be due), or waiting for another. */
export type Outcome = { done: true; gifts: string[] } | { done: false; waiting: string }

export const done = (...gifts: Array<string | null | undefined>): Outcome => ({
  done: true,
  gifts: gifts.filter((id): id is string => Boolean(id)),
})

/** Statuses a gift may leave for succeeded or failed: only one still waiting. */
export const OPEN: readonly GiftStatus[] = ['processing']
