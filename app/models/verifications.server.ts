import type { Kysely } from 'kysely'

import type { Db } from '#app/db/database.server.ts'
import type { AuthTables } from '#app/db/types.ts'

/*
 * better-auth's verification table, where the one-time links of app/auth/password-links.server.ts and the
 * confirmations of a new sign-in address (app/auth/account.server.ts) are kept: an identifier naming the kind of
 * link and its token's hash, a value, an end of validity. better-auth's own functions write and consume them;
 * these read and delete them by kind and person, which it has no function for.
 */

const authTables = (db: Db) => db.kysely as unknown as Kysely<AuthTables>

/** The rows whose identifier is LIKE `identifierLike` (and whose value is `value`, when given). */
export async function listVerifications({
  db,
  identifierLike,
  value,
}: {
  db: Db
  identifierLike: string
  value?: string
}) {
  return authTables(db)
    .selectFrom('verification')
    .select(['identifier', 'value', 'expiresAt'])
    .where('identifier', 'like', identifierLike)
    .$if(value !== undefined, (query) => query.where('value', '=', value!))
    .execute()
}

/** Deletes the rows whose value is `value` and whose identifier is LIKE `identifierLike`. */
export async function deleteVerificationsOf({
  db,
  value,
  identifierLike,
}: {
  db: Db
  value: string
  identifierLike: string
}) {
  await authTables(db)
    .deleteFrom('verification')
    .where('value', '=', value)
    .where('identifier', 'like', identifierLike)
    .execute()
}

/** Deletes the rows with these identifiers. */
export async function deleteVerifications({ db, identifiers }: { db: Db; identifiers: string[] }) {
  if (identifiers.length === 0) return
  await authTables(db).deleteFrom('verification').where('identifier', 'in', identifiers).execute()
}
