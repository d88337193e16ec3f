import type { Route } from './+types/tax-api.certificates.route.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError } from '#app/lib/errors.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'
import { createCertificate, ppsnSealer } from './certificates.server.ts'
import { CertificateSchema } from './tax-schema.ts'

/**
 * Treasurers and administrators: `POST {"donor_id", "type": "CHY3"|"CHY4", "first_year", "ppsn", "associated"}`
 * keeps a donor's certificate, the PPSN sealed; the answer (201) shows it masked (`•••••67A`).
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, runtime }) => {
  const session = await requireApiAccess(request, runtime, 'giving')
  allowMethods(request, ['POST'])
  const input = parseInput(CertificateSchema, await readJsonBody(request))
  const certificate = await createCertificate({
    db: runtime.db,
    sealer: ppsnSealer(runtime.secret),
    input,
    actor: actorFromSession(session, runtime.clock),
  })
  return json(certificate, { status: 201 })
})

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  throw new MethodNotAllowedError(['POST'])
})
