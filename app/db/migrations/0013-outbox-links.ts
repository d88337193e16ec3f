import type { Kysely } from 'kysely'

/**
 * Links that leave the server (issue 25, decision 0018). An e-mail that carries a link is written with a
 * placeholder where the site's address goes when no address is known yet (neither PUBLIC_URL nor one an
 * administrator confirmed): `site_placeholder` holds that placeholder, and the mail worker leaves the e-mail
 * alone until an address is known, then puts it in. An e-mail that carries a token (a password or invitation
 * link) is `sealed`: its bodies are encrypted with a key kept outside the database, and emptied once sent, so no
 * working link sits in a table or a backup.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('outbox').addColumn('site_placeholder', 'text').execute()
  await db.schema
    .alterTable('outbox')
    .addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
