/** What the admin says about e-mail: off (and what to set), or the e-mails that could not be sent and why. */
export type MailStatus =
  | { enabled: false }
  | {
      enabled: true
      /** MAIL_FROM as written. */
      from: string
      /** host:port of SMTP_URL (never its password). */
      server: string
      /** Alerts not sent yet after a failed attempt, still being retried. */
      retrying: number
      /** Alerts given up (after 24 hours) in the last week. */
      failed: number
      /** The SMTP server's (or the connection's) reason for the latest failure. */
      lastError: string | null
      /** Whether the site's address is known (PUBLIC_URL or Settings); without it e-mails with links wait. */
      siteAddressKnown: boolean
      /** E-mails waiting for the site's address. */
      held: number
    }
