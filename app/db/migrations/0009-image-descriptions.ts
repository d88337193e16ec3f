import type { Kysely } from 'kysely'

/**
 * Pictures get a description for people who cannot see them (issue 18, decision 0014): `image_alt`, the `alt` of
 * the picture on the public site. Required for gallery images and carousel slides, whose pictures are the point;
 * optional for leaders' and ministries' pictures, which show their name beside them when it is empty.
 *
 * Gallery images and slides already stored take their title, the nearest thing to a description they have and what
 * the gallery's pictures were announced by until now; staff can say more at their next edit. Leaders and
 * ministries start empty and keep being described by their name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  for (const table of ['gallery_images', 'carousel_slides']) {
    await db.schema
      .alterTable(table)
      .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db
      .updateTable(table)
      .set((eb) => ({ image_alt: eb.ref('title') }))
      .execute()
  }
  for (const table of ['leadership_team', 'ministries']) {
    await db.schema.alterTable(table).addColumn('image_alt', 'text').execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const table of ['gallery_images', 'carousel_slides', 'leadership_team', 'ministries']) {
    await db.schema.alterTable(table).dropColumn('image_alt').execute()
  }
}
