import type { MailStatus } from '#app/lib/mail-status.ts'
import { countHeldMail, mailProblems } from '#app/models/outbox.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

/** Given-up e-mails are reported on the dashboard for this long. */
const FAILURES_SHOWN_MS = 7 * 24 * 60 * 60 * 1000

export async function mailStatus(
  runtime: Pick<AppRuntime, 'db' | 'mail' | 'clock' | 'siteAddress'>,
): Promise<MailStatus> {
  const { mail } = runtime
  if (!mail) return { enabled: false }
  const [problems, siteAddress, held] = await Promise.all([
    mailProblems({ db: runtime.db, since: runtime.clock.now().getTime() - FAILURES_SHOWN_MS }),
    runtime.siteAddress.get(),
    countHeldMail({ db: runtime.db }),
  ])
  return {
    enabled: true,
    from: mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address,
    server: `${mail.smtp.host}:${mail.smtp.port}`,
    ...problems,
    siteAddressKnown: siteAddress !== null,
    held,
  }
}
