import type { Db } from '#app/db/database.server.ts'

/**
 * Records that `step` (a two-step code's 30-second period) signed this person in, unless it or a later step
 * already did: true when it is theirs to use. One statement, checked by the rows it changed, so of two sign-ins
 * racing with one code only one gets true.
 */
export async function claimTwoStepStep({ db, userId, step }: { db: Db; userId: string; step: number }) {
  const result = await db.kysely
    .insertInto('two_step_last_steps')
    .values({ user_id: userId, last_step: step })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ last_step: step }).where('two_step_last_steps.last_step', '<', step),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}
