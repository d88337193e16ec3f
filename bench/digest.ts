// `--large`: the weekly news (issue 48) for 5,000 subscribers over the large data (1,000 events, 500 sermons).
// Straight on the database, like large-data.ts, while no server is open on it: the time to assemble the week's
// digest in each language, and the weekly send that queues one e-mail per subscriber, counting its transactions
// and the outbox rows each one writes. What it queued is removed again, so the rest of the benchmark is unchanged.
import crypto from 'node:crypto'

import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely'
import pino from 'pino'

import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { digestWeek } from '#app/content/news/schedule.ts'
import { DEFAULT_DIGEST_DAY, DEFAULT_DIGEST_HOUR } from '#app/content/church-info/schema.ts'
import { DIGEST_BATCH, digestIn, runDueDigest } from '#app/content/news/weekly.server.ts'
import { type Db, openDatabase } from '#app/db/database.server.ts'
import { createSealer } from '#app/lib/seal.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import { formatTargets, round, target } from './support.ts'

export const DIGEST_SUBSCRIBERS = 5_000

/** Counts the rows of each INSERT into the outbox (a plugin sees every query, in transactions too). */
class OutboxInserts implements KyselyPlugin {
  readonly rows: number[] = []
  transformQuery({ node }: PluginTransformQueryArgs) {
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'outbox') {
      const values = node.values && 'values' in node.values ? (node.values.values as readonly unknown[]) : [0]
      this.rows.push(values.length)
    }
    return node
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result
  }
}

/** The database with its transactions counted. */
function counted(db: Db, plugin: KyselyPlugin) {
  const kysely = db.kysely.withPlugin(plugin)
  const counter = { transactions: 0 }
  const proxy = new Proxy(kysely, {
    get(target, property) {
      if (property === 'transaction') counter.transactions++
      const value = Reflect.get(target, property, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: { ...db, kysely: proxy } as Db, counter }
}

export interface DigestBench {
  subscribers: number
  /** Milliseconds to make the week's digest, per language. */
  assemblyMs: Record<string, number>
  /**
   * The processor time of the same (better-sqlite3 reads in this thread, so it counts the queries too): the steadier
   * figure on a machine busy with other work.
   */
  assemblyCpuMs: Record<string, number>
  /** Milliseconds for the whole weekly send: the digest in each language and every e-mail queued. */
  sendMs: number
  queued: number
  transactions: number
  /** The rows of each INSERT into the outbox, in order. */
  outboxInserts: number[]
  batch: number
}

export async function benchDigest(dataDir: string): Promise<DigestBench> {
  const db = openDatabase({ dataDir })
  try {
    const languages = await readSiteLanguages({ db })
    const rows = Array.from({ length: DIGEST_SUBSCRIBERS }, (_, index) => ({
      id: `bench-${String(index).padStart(5, '0')}`,
      email: `reader${index}@bench.example`,
      name: null,
      language: languages[index % languages.length]!,
      status: 'active' as const,
      suspended_reason: null,
      confirm_token_hash: crypto.randomBytes(32).toString('hex'),
      unsubscribe_token_hash: crypto.randomBytes(32).toString('hex'),
      created_at: '2026-01-01T10:00:00.000Z',
      confirmed_at: '2026-01-01T10:05:00.000Z',
      last_confirmation_sent_at: null,
    }))
    await db.kysely.transaction().execute(async (trx) => {
      for (let offset = 0; offset < rows.length; offset += 500) {
        await trx
          .insertInto('subscribers')
          .values(rows.slice(offset, offset + 500))
          .execute()
      }
    })
    const info = await getChurchInfo({ db })
    const zone = info?.timezone ?? 'Europe/Dublin'
    // At this week's hour (a second after it), so the week is neither ahead nor late.
    const { dueAt } = digestWeek({
      zone,
      day: info?.digest_day ?? DEFAULT_DIGEST_DAY,
      hour: info?.digest_hour ?? DEFAULT_DIGEST_HOUR,
      now: new Date(),
    })
    const clock = { now: () => new Date(dueAt.getTime() + 1000) }
    const assemblyMs: Record<string, number> = {}
    const assemblyCpuMs: Record<string, number> = {}
    for (const language of languages) {
      const began = performance.now()
      const cpu = process.cpuUsage()
      const digest = await digestIn({ db, clock, language, languages })
      assemblyMs[language] = performance.now() - began
      const used = process.cpuUsage(cpu)
      assemblyCpuMs[language] = (used.user + used.system) / 1000
      if (!digest) throw new Error('The large data has nothing in the week: no digest to measure')
    }
    const inserts = new OutboxInserts()
    const { db: watched, counter } = counted(db, inserts)
    const secret = crypto.randomBytes(32).toString('hex')
    const began = performance.now()
    const outcome = await runDueDigest({
      db: watched,
      clock,
      logger: pino({ level: 'silent' }),
      secret,
      siteAddress: { get: async () => 'https://bench.example' },
      mailSealer: createSealer(secret, 'outbox'),
      from: 'office@bench.example',
      pace: { rate: 25, dailyLimit: 1_500 },
    })
    const sendMs = performance.now() - began
    if (outcome?.status !== 'queued') throw new Error(`The weekly send answered ${JSON.stringify(outcome)}`)
    const queued = inserts.rows.reduce((sum, count) => sum + count, 0)
    // Leave the data as it was for the rest of the benchmark.
    await db.kysely.deleteFrom('outbox').where('ref_id', 'like', 'bench-%').execute()
    await db.kysely.deleteFrom('digests').execute()
    await db.kysely.deleteFrom('subscribers').where('id', 'like', 'bench-%').execute()
    return {
      subscribers: DIGEST_SUBSCRIBERS,
      assemblyMs,
      assemblyCpuMs,
      sendMs,
      queued,
      transactions: counter.transactions,
      outboxInserts: inserts.rows,
      batch: DIGEST_BATCH,
    }
  } finally {
    await db.close()
  }
}

/** The report's table: the assembly per language and the weekly send, with their targets. */
export function digestSection(bench: DigestBench, targetMs: number) {
  const fullBatches = bench.outboxInserts.every(
    (rows, index, all) => rows === bench.batch || (index === all.length - 1 && rows <= bench.batch),
  )
  return {
    headers: [
      `Weekly news, ${bench.subscribers} subscribers`,
      'ms',
      'e-mails queued',
      'transactions',
      'targets',
    ],
    rows: [
      ...Object.entries(bench.assemblyMs).map(([language, ms]) => [
        `assemble the digest (${language})`,
        round(ms, 1),
        '',
        '',
        formatTargets([target(ms < targetMs, `< ${targetMs} ms`)]),
      ]),
      [
        'weekly send (digests + every e-mail into the outbox)',
        round(bench.sendMs, 1),
        '',
        bench.queued,
        `${bench.transactions} (${bench.outboxInserts.length} writing the outbox: ${bench.outboxInserts.join(', ')} rows)`,
        formatTargets([
          target(
            bench.queued === bench.subscribers && fullBatches,
            `one transaction per ${bench.batch} e-mails`,
          ),
        ]),
      ],
    ],
  }
}
