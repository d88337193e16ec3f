import type { Route } from './+types/gifts-api.$id.route.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'
import { getGift, setGiftBenefit } from './model.server.ts'
import { GiftChangeSchema } from './schema.ts'

/** Treasurers and administrators: one gift. */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  const gift = await getGift({ db: runtime.db, id: params.id })
  if (!gift) throw new NotFoundError('There is no such gift')
  return json(gift, { headers: { 'Cache-Control': 'private, no-store' } })
})

/**
 * `PATCH {"benefit": true}`: the gift bought something (a meal, a place), so the tax reclaim leaves it out. Only
 * that may be changed: the rest is Stripe's word.
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const session = await requireApiAccess(request, runtime, 'giving')
  allowMethods(request, ['GET', 'PATCH'])
  const { benefit } = parseInput(GiftChangeSchema, await readJsonBody(request))
  const actor = actorFromSession(session, runtime.clock)
  if (!(await setGiftBenefit({ db: runtime.db, id: params.id, benefit, actor }))) {
    throw new NotFoundError('There is no such gift')
  }
  return json(await getGift({ db: runtime.db, id: params.id }))
})
