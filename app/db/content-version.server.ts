import type SQLite from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import type pg from 'pg'

import type { Db } from './database.server.ts'
import type { Database } from './types.ts'
import { loadPg } from '#app/lib/native-modules.server.ts'

/**
 * The number of content changes so far, shared by every worker and instance on one database: a cached page
 * made under another number is stale. `current()` is synchronous so the page cache can ask it on every request.
 */
export interface ContentVersion {
  current: () => number
  /** Counts a content change; call it after the change is committed. */
  bump: () => Promise<void>
  /** Reads the stored number and, on PostgreSQL, starts listening for other instances' changes. */
  start: () => Promise<void>
  close: () => Promise<void>
}

const CHANNEL = 'lampstand_content'
const RECONNECT_MS = 1000

/**
 * SQLite: every worker reads the row on its own read-only connection (a few microseconds; a connection of its own
 * so the read never falls inside another request's transaction and its older snapshot).
 *
 * Read once per turn of the event loop (issue 50: the read was 13 % of a cached answer's time under load): the
 * requests that one turn serves all arrived before it began, so any change they could know of — committed before
 * they were sent — was committed before the read; the number is forgotten as the turn ends, and at once after this
 * worker's own change.
 */
export function sqliteContentVersion(kysely: Kysely<Database>, open: () => SQLite.Database): ContentVersion {
  let connection: SQLite.Database | undefined
  let read: SQLite.Statement | undefined
  let thisTurn: number | undefined
  const forget = () => {
    thisTurn = undefined
  }
  return {
    current() {
      if (thisTurn !== undefined) return thisTurn
      try {
        connection ??= open()
        read ??= connection.prepare('select version from content_version where id = 1').pluck()
        thisTurn = Number(read.get() ?? 0)
        setImmediate(forget)
        return thisTurn
      } catch {
        // Before the migrations have made the table: nothing is cached yet either.
        return 0
      }
    },
    async bump() {
      await kysely
        .updateTable('content_version')
        .set({ version: sql`version + 1` })
        .where('id', '=', 1)
        .execute()
      forget()
    },
    async start() {},
    async close() {
      connection?.close()
      connection = undefined
      read = undefined
    },
  }
}

/**
 * PostgreSQL: a query per request would cost a round trip, so each instance keeps the number in memory, raises it
 * at once for its own changes and hears everyone else's through LISTEN/NOTIFY (delivered when the change commits,
 * typically within a millisecond). After a lost connection it reads the number again.
 */
export function postgresContentVersion(kysely: Kysely<Database>, connectionString: string): ContentVersion {
  let known = 0
  let listener: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const learn = (value: unknown) => {
    const number = Number(value)
    if (Number.isFinite(number) && number > known) known = number
  }

  async function readStored() {
    const row = await kysely
      .selectFrom('content_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst()
    learn(row?.version)
  }

  function retryLater() {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = undefined
      listen().catch(retryLater)
    }, RECONNECT_MS)
    retry.unref()
  }

  async function listen() {
    const client = new (loadPg().Client)({ connectionString })
    listener = client
    const lost = () => {
      if (listener !== client) return
      listener = undefined
      client.end().catch(() => {})
      retryLater()
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (message) => learn(message.payload))
    try {
      await client.connect()
      await client.query(`listen ${CHANNEL}`)
      // Changes made while nobody listened.
      await readStored()
    } catch (error) {
      lost()
      throw error
    }
  }

  return {
    current: () => known,
    async bump() {
      const result = await sql<{ version: number }>`
        with changed as (
          update content_version set version = version + 1 where id = 1 returning version
        )
        select version, pg_notify(${CHANNEL}, version::text) from changed`.execute(kysely)
      learn(result.rows[0]?.version)
    },
    async start() {
      await listen()
    },
    async close() {
      closed = true
      clearTimeout(retry)
      await listener?.end().catch(() => {})
      listener = undefined
    },
  }
}

/** A version's reads past this many keys are let go (keys name a page's language and day: a few at most). */
const MAX_READS_PER_VERSION = 100
const rememberedReads = new WeakMap<
  ContentVersion,
  { version: number; reads: Map<string, Promise<unknown>> }
>()

/**
 * What `read` gives, read once per content version and `key`: for what a public page shows of the content, which
 * can change only with the version (the page cache keeps whole pages on the same terms). Whatever depends on the
 * clock belongs in `key` (the church's date) or outside. A read that fails is tried again by the next caller.
 * The answer is shared: callers must not change it. Inside a transaction it is read afresh, as what the
 * transaction sees may never be committed.
 */
export function oncePerContentVersion<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return read()
  const { contentVersion } = db
  const version = contentVersion.current()
  let remembered = rememberedReads.get(contentVersion)
  if (remembered?.version !== version || remembered.reads.size >= MAX_READS_PER_VERSION) {
    remembered = { version, reads: new Map() }
    rememberedReads.set(contentVersion, remembered)
  }
  const { reads } = remembered
  let reading = reads.get(key) as Promise<T> | undefined
  if (!reading) {
    const started = read()
    reading = started
    reads.set(key, started)
    started.catch(() => {
      if (reads.get(key) === started) reads.delete(key)
    })
  }
  return reading
}
