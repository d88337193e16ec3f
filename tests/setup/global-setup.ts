import pg from 'pg'

import { buildOnce } from '../test-server.ts'

/** Builds the production bundle once for every integration file and checks the PostgreSQL server, if any. */
export default async function globalSetup() {
  const databaseUrl = process.env.TEST_DATABASE_URL
  if (!databaseUrl && process.env.CI === 'true') {
    throw new Error(
      'TEST_DATABASE_URL is not set: under CI the integration tests must also run on PostgreSQL ' +
        '(for example TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)',
    )
  }
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    try {
      await client.connect()
      await client.query('select 1')
    } catch (error) {
      throw new Error(
        `TEST_DATABASE_URL is set but PostgreSQL cannot be reached there: ${(error as Error).message}`,
      )
    } finally {
      await client.end().catch(() => {})
    }
  }
  buildOnce()
}
