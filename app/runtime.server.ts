import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type pino from 'pino'

import { type Auth, createAuth, migrateAuthTables, upsertAdministrator } from './auth/auth.server.ts'
import { WeakPasswordError } from './auth/password-policy.server.ts'
import { type Db, openDatabase } from './db/database.server.ts'
import { migrateToLatest } from './db/migrate.server.ts'
import { seedDemoContent } from './db/seed.server.ts'
import { type Env, readEnv } from './env.server.ts'
import { type Clock, clockFrom, movableInTests, systemClock } from './lib/clock.ts'
import { createSealer, type Sealer } from './lib/seal.server.ts'
import { createLogger } from './logger.server.ts'
import { countAdministrators } from './models/users.server.ts'
import { createDeferredWork, type DeferredWork } from './server/after-answer.server.ts'
import { startBackgroundWork } from './server/background.server.ts'
import { upcomingEvents } from '#app/content/events/events.server.ts'
import { type MailSettings, mailSettings } from './server/mail-worker.server.ts'
import { createSiteAddress, type SiteAddress } from './server/site-address.server.ts'
import { LocalImageStorage } from './storage/images.server.ts'

export interface AppRuntime {
  env: Env
  db: Db
  auth: Auth
  storage: LocalImageStorage
  logger: pino.Logger
  clock: Clock
  /** The signing secret (AUTH_SECRET or the generated one): sessions, device cookies, the contact form's token. */
  secret: string
  /** PUBLIC_URL's origin or the one confirmed in Settings: every link that leaves the server (decision 0018). */
  siteAddress: SiteAddress
  /** Seals the outbox's e-mails that carry a token (a key outside the database). */
  mailSealer: Sealer
  /** SMTP_URL and MAIL_FROM, or null when e-mail is off. */
  mail: MailSettings | null
  /** The outbox's sender in this process: `wake()` after queueing e-mails sends them at once. */
  mailer: { wake: () => void }
  /** The giving's job worker in this process: `wake()` after storing a Stripe event processes it at once. */
  giving: { wake: () => void }
  /** Work done after a request's answer (app/server/after-answer.server.ts); closing waits for it. */
  deferred: DeferredWork
  close: () => Promise<void>
}

/** The auth secret from AUTH_SECRET, or one generated once and kept in DATA_DIR (mode 600). */
export function loadSecret(env: Env) {
  if (env.AUTH_SECRET) return env.AUTH_SECRET
  const file = path.join(env.dataDir, 'auth-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}

/** Makes sure DATA_DIR is a writable directory, with a message naming the variable when it is not. */
function prepareDataDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true })
    if (!fs.statSync(dir).isDirectory()) throw new Error('it is not a directory')
    fs.accessSync(dir, fs.constants.W_OK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'it is a file, not a directory'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'it cannot be written'
          : error instanceof Error
            ? error.message
            : String(error)
    throw new Error(`DATA_DIR: ${dir} cannot hold the data: ${reason}`, { cause: error })
  }
}

/** Opens the database and brings it up to date: the tools' and the server's common start. */
export async function openRuntime(env: Env = readEnv(), logger = createLogger(env)): Promise<AppRuntime> {
  prepareDataDir(env.dataDir)
  const clock = movableInTests(env.CLOCK_START ? clockFrom(new Date(env.CLOCK_START)) : systemClock)
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, clock })
  try {
    await migrateToLatest(db).catch((error: unknown) => {
      // The database's own complaint (a refused connection, a locked file), not the migrator's wrapping.
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error
      const reason = cause instanceof Error ? cause.message : cause
      const where = env.DATABASE_URL
        ? 'the PostgreSQL database of DATABASE_URL'
        : 'the SQLite database in DATA_DIR'
      throw new Error(`Could not open ${where}: ${String(reason)}`, { cause: error })
    })
    await db.contentVersion.start()
    const secret = loadSecret(env)
    await migrateAuthTables({ db, env, secret })
    const auth = createAuth({ db, env, secret, clock })
    const storage = new LocalImageStorage(path.join(env.dataDir, 'uploads'))
    // Read before the first request: the page cache keys pages by it (known()), and a first request keyed
    // without it would leave its page under a key no later request asks for.
    const siteAddress = createSiteAddress({ db, publicUrl: env.PUBLIC_URL })
    await siteAddress.get()
    await storage.init()
    const deferred = createDeferredWork(logger)
    return {
      env,
      db,
      auth,
      storage,
      logger,
      clock,
      secret,
      siteAddress,
      mailSealer: createSealer(secret, 'outbox'),
      mail: mailSettings(env),
      // The operator's tools send nothing: what they queue goes out with the server's next round.
      mailer: { wake: () => {} },
      giving: { wake: () => {} },
      deferred,
      close: async () => {
        await deferred.settled()
        await db.close()
      },
    }
  } catch (error) {
    await db.close()
    throw error
  }
}

/**
 * Everything the web server needs before it listens: schema, demo content, the bootstrap administrator.
 * `tellFacts`: whether this process logs the start-up facts (no administrator yet, e-mail off, …), which are the
 * same for every worker of `npm start`: one of them tells them (host/supervisor.js), the others keep quiet.
 */
export async function startRuntime(
  env: Env = readEnv(),
  { tellFacts = true }: { tellFacts?: boolean } = {},
): Promise<AppRuntime> {
  const logger = createLogger(env)
  const facts = tellFacts ? logger : logger.child({}, { level: 'silent' })
  const runtime = await openRuntime(env, logger)
  if (env.SEED_DEMO) {
    const seeded = await seedDemoContent(runtime)
    if (seeded) facts.info('Loaded the demo content into the empty database')
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const { created, changed, promoted, weak } = await upsertAdministrator(runtime, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    }).catch(async (error: unknown) => {
      await runtime.close()
      // A new password the policy refuses stops start-up with the reason, naming the variable.
      if (error instanceof WeakPasswordError) throw new Error(`ADMIN_PASSWORD: ${error.message}`)
      throw error
    })
    const done = created ? 'Created' : changed ? 'Updated the password of' : 'Kept (password unchanged)'
    facts.info(`${done} the administrator ${env.ADMIN_EMAIL}${promoted ? ' (now an administrator)' : ''}`)
    // A password set before the policy (decision 0015) is kept, so an upgrade locks no one out; but said.
    if (weak) {
      facts.warn(
        'ADMIN_PASSWORD is too short or too common to be chosen today: set a longer one (at least 10 characters)',
      )
    }
  } else if ((await countAdministrators({ db: runtime.db })) === 0) {
    // Guidance on a first start rather than a fault: a new site has no administrator until one is made.
    facts.info(
      'No administrator yet: run `npm run admin -- create you@example.org` (or set ADMIN_EMAIL and ADMIN_PASSWORD) to sign in at /admin/login',
    )
  }
  // The events' next dates, worked out before the first visitor asks for them: the date library's first use
  // (the church's time zone, its code) takes tens of milliseconds, and every page that lists events needs them.
  // A rule stored without today's bounds (by an older version, a restored backup or by hand) is left out of every
  // listing and named on the dashboard; it is said here once, at the start.
  await upcomingEvents({ db: runtime.db, clock: runtime.clock })
    .then(({ unworkable }) => {
      for (const { event, problem } of unworkable) {
        logger.warn(`Event ${event.id} ("${event.title}") is left out of listings: ${problem}`)
      }
    })
    .catch((error: unknown) => {
      logger.warn(
        `Could not work out the events' dates yet: ${error instanceof Error ? error.message : error}`,
      )
    })
  const background = await startBackgroundWork({ ...runtime, facts })
  return {
    ...runtime,
    mailer: background.mailer,
    giving: { wake: () => background.wake('giving') },
    close: async () => {
      // Work started after the last answers may still queue e-mails: it ends before the sender stops.
      await runtime.deferred.settled()
      await background.stop()
      await runtime.close()
    },
  }
}
