import path from 'node:path'
import { z } from 'zod'

import { parseMailbox, parseSmtpUrl } from './lib/mail-address.ts'

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value))

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://church.example' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_EMAIL: z
      .email('must be an email address')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(128, 'must be at most 128 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SEED_DEMO: booleanish.default(true),
    TRUST_PROXY: booleanish.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: readable lines on a terminal, JSON lines anywhere else (app/logger.server.ts). */
    LOG_FORMAT: z
      .enum(['json', 'pretty'])
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /** Messages posted to the API without the contact form's token, accepted into the Inbox per hour, site-wide. */
    CONTACT_API_LIMIT: z.coerce.number().int().min(0).default(10),
    /** People one e-mail address may register on an event's date (its one sign-up; at most the form's 10). */
    REGISTRATION_MAX_PER_EMAIL: z.coerce.number().int().min(1).max(10).default(10),
    /** Places one IP address may hold on an event's date, and never more than half of a limited date's. */
    REGISTRATION_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
    /**
     * How fast an upload is read, in megabytes a second (0: as fast as it comes): a worker reading a 200 MB file at
     * loopback speed kept visitors' pages waiting behind it (issue 27, decision 0021).
     */
    UPLOAD_SPEED_LIMIT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().min(0).default(4),
    ),
    PAGE_CACHE: booleanish.default(true),
    SMTP_URL: z
      .string()
      .refine((value) => parseSmtpUrl(value) !== null, {
        error: 'must look like smtp://user:password@host:587 or smtps://user:password@host:465',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z
      .string()
      .refine((value) => parseMailbox(value) !== null, {
        error: 'must be an address, or a name and an address: Church Office <office@church.example>',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    NOTIFY_TO: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const addresses = (value ?? '')
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean)
        const bad = addresses.find((address) => !z.email().safeParse(address).success)
        if (bad) {
          ctx.addIssue({
            code: 'custom',
            message: `"${bad}" is not an e-mail address (separate them with commas)`,
          })
          return z.NEVER
        }
        return addresses
      }),
    /**
     * DKIM signing of every e-mail by the server itself (the PEM private key; `\n` may stand for its line
     * breaks), with DKIM_SELECTOR and DKIM_DOMAIN: for a mailbox whose provider does not sign what it relays.
     */
    DKIM_PRIVATE_KEY: z
      .string()
      .transform((value) => value.replace(/\\n/g, '\n').trim())
      .refine((value) => value === '' || /-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(value), {
        error: 'must be a PEM private key (-----BEGIN PRIVATE KEY----- …)',
      })
      .optional()
      .transform((value) => value || undefined),
    DKIM_SELECTOR: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a DNS label such as lampstand')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DKIM_DOMAIN: z
      .string()
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be a domain such as church.example')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Weekly news e-mails sent a minute, at most (issue 48): a small mailbox's provider throttles bursts. */
    DIGEST_RATE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1).default(25),
    ),
    /**
     * Weekly news e-mails sent a day, at most; the rest go the next day. 1,500 stays under Microsoft 365's 2,000
     * external recipients a day, with room for the site's other e-mails.
     */
    DIGEST_DAILY_LIMIT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1).default(1500),
    ),
    /**
     * Where the YouTube import reads a channel's public feed (`?channel_id=…` is added): YouTube's own, or a copy
     * for tests and sites without access to it.
     */
    YOUTUBE_FEED_URL: z
      .url({
        protocol: /^https?$/,
        error: 'must be an absolute http(s) URL such as https://www.youtube.com/feeds/videos.xml',
      })
      .or(z.literal('').transform(() => undefined))
      .optional()
      .transform((value) => value ?? 'https://www.youtube.com/feeds/videos.xml'),
    /**
     * The church's own Stripe account (issue 49): its secret key (`sk_live_…`, `sk_test_…` or a restricted `rk_…`
     * key). Unset: the giving page shows the bank transfer details only.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(live|test)_\w+$/,
        'must be a Stripe secret key such as sk_live_…, sk_test_… or rk_live_…',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The signing secret of the webhook endpoint at /api/stripe/webhook (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a webhook signing secret such as whsec_…')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where Stripe's API answers: Stripe's own, or a stand-in for tests (http://127.0.0.1:PORT). */
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://api.stripe.com' })
      .or(z.literal('').transform(() => undefined))
      .optional()
      .transform((value) => value ?? 'https://api.stripe.com'),
    /**
     * Start the server's clock at this moment instead of now (it then runs on as time does): to see the site
     * as it will look on another day, and for tests. Everything that depends on "today" reads this clock.
     */
    CLOCK_START: z
      .string()
      .refine(
        (value) => !Number.isNaN(Date.parse(value)),
        'must be a date and time such as 2027-03-28T09:00:00Z',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      })
    }
    const dkim = [env.DKIM_PRIVATE_KEY, env.DKIM_SELECTOR, env.DKIM_DOMAIN]
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [['DKIM_PRIVATE_KEY', 'DKIM_SELECTOR', 'DKIM_DOMAIN'][dkim.findIndex((value) => !value)]!],
        message: 'DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN must be set together',
      })
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message:
          'must be set with SMTP_URL: the address alerts are sent from (Church Office <office@church.example>)',
      })
    }
  })

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; secureCookies: boolean }

/** Reads and validates the environment; throws one readable message listing every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    )
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
  }
}
