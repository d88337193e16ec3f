import { data } from 'react-router'

import { actorFromSession, requireArea } from '#app/auth/session.server.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { runtimeContext } from '#app/context.ts'
import { type AdminActionResult, fieldErrorsMessage } from '#app/lib/admin-action-result.ts'
import { HttpError } from '#app/lib/errors.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { sessionEnded } from '#app/server/admin-actions.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { Temporal } from 'temporal-polyfill'

import type { Route } from './+types/tax-admin.ts'
import { createCertificate, deleteCertificate, ppsnSealer } from './certificates.server.ts'
import { CertificateSchema } from './tax-schema.ts'
import { viewTaxYear } from './tax-runtime.server.ts'

const FAILED = 'Failed to save the certificate'
const FAILED_DELETE = 'Failed to delete the certificate'

/**
 * The year the screen opens on: until the end of April the year before (its CHY3s are chased and its claim made
 * from 1 March), then the year under way.
 */
function defaultYear(now: Date, zone: string) {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone)
  return today.month <= 4 ? today.year - 1 : today.year
}

export async function taxAdminLoader({ request, context }: Route.LoaderArgs) {
  const session = requireArea(context, 'giving')
  const runtime = context.get(runtimeContext)
  const zone = await churchTimeZone({ db: runtime.db })
  const now = runtime.clock.now()
  const thisYear = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).year
  const asked = new URL(request.url).searchParams.get('year') ?? ''
  const year = /^\d{4}$/.test(asked) && Number(asked) >= 2000 ? Number(asked) : defaultYear(now, zone)
  const { report, claim } = await viewTaxYear({
    runtime,
    year,
    actor: actorFromSession(session, runtime.clock),
  })
  const years = Array.from({ length: 7 }, (_, index) => thisYear - index)
  if (!years.includes(year)) years.push(year)
  return { year, years: years.sort((a, b) => b - a), report, claim }
}

/** Saves a certificate typed on the screen, or deletes one entered wrongly; the answer never repeats the PPSN. */
export async function taxAdminAction({ request, context }: Route.ActionArgs) {
  const session = requireArea(context, 'giving', { inAction: true })
  const runtime = context.get(runtimeContext)
  let intent = 'certificate'
  let failed = FAILED
  try {
    const form = await readFormBody(request)
    if (form.get('intent') === 'delete-certificate') {
      intent = 'delete-certificate'
      failed = FAILED_DELETE
    }
    if (!session) return sessionEnded(intent, failed)
    if (intent === 'delete-certificate') {
      await deleteCertificate({
        db: runtime.db,
        id: String(form.get('id') ?? ''),
        actor: actorFromSession(session, runtime.clock),
      })
      return { ok: true, intent, toast: 'Certificate deleted' } satisfies AdminActionResult
    }
    const input = parseInput(CertificateSchema, Object.fromEntries(form))
    await createCertificate({
      db: runtime.db,
      sealer: ppsnSealer(runtime.secret),
      input,
      actor: actorFromSession(session, runtime.clock),
    })
    return { ok: true, intent, toast: `${input.type} certificate saved` } satisfies AdminActionResult
  } catch (error) {
    if (!(error instanceof HttpError)) {
      // The error alone: the form (which holds the PPSN) is never logged.
      runtime.logger.error({ err: error, intent }, 'tax certificate action failed')
      return data(
        { ok: false, intent, toast: failed, error: 'Something went wrong on our side. Please try again.' },
        { status: 500 },
      )
    }
    const result: AdminActionResult = {
      ok: false,
      intent,
      toast: failed,
      error: error.fields ? fieldErrorsMessage(error.fields) : error.message,
      fields: error.fields,
    }
    return data(result, { status: error.status })
  }
}
