import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'
import { transformSync } from 'esbuild'
import { Kysely, SqliteDialect } from 'kysely'
import { afterAll, expect, test } from 'vitest'
import type { z } from 'zod'

import type { ContentType, ListScreen } from './declare.ts'
import { requiredFrom } from '#app/lib/admin-fields.ts'

// docs/content-types.md's recipe for a plain kind (small groups), followed to the letter: its files are counted, and
// its blocks are written into a folder of app/content/ and loaded as they are, so the recipe cannot drift from what
// the code takes.
const DOC = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/content-types.md'), 'utf8')
const RECIPE = DOC.slice(DOC.indexOf('## A new plain kind'), DOC.indexOf('## A public page that is not'))

/** The recipe's code blocks by their `file=` name, their list item's indentation taken off. */
const BLOCKS = Object.fromEntries(
  [...RECIPE.matchAll(/^( *)```tsx? file=([\w.]+)\n([\s\S]*?)\n *```$/gm)].map(([, indent, name, code]) => [
    name,
    code
      .split('\n')
      .map((line) => line.slice(indent.length))
      .join('\n'),
  ]),
)

// A folder outside the sources (a change under app/ would make a test build beside this one start again), its
// blocks' imports of app/ (`../declare.ts`, `#app/…`) pointed back there.
const FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-recipe-'))
afterAll(() => fs.rmSync(FOLDER, { recursive: true, force: true }))

function write(name: string) {
  const file = path.join(FOLDER, name)
  const code = BLOCKS[name]!.replaceAll("from '../", `from '${import.meta.dirname}/`).replaceAll(
    "from '#app/",
    `from '${path.dirname(import.meta.dirname)}/`,
  )
  fs.writeFileSync(file, code)
  return file
}

test('The recipe for a plain kind touches at most five files besides its migration', () => {
  const files = [...RECIPE.matchAll(/^\d+\. `([^`]+)`/gm)].map(([, file]) => file)
  expect(files.length).toBeGreaterThan(0)
  expect(files.length).toBeLessThanOrEqual(5)
  expect(RECIPE).toMatch(/`app\/db\/migrations\/00NN-small-groups\.ts`/)
  // Every block the recipe gives is one of its files (or the migration).
  for (const name of Object.keys(BLOCKS).filter((name) => name !== 'migration.ts'))
    expect(files).toContain(`app/content/small-groups/${name}`)
})

test('A kind built only from the recipe declares its table, its screen with required marks from the schema, and its page', async () => {
  write('schema.ts')
  const { smallGroups } = (await import(write('content.ts'))) as { smallGroups: ContentType }
  const table = smallGroups.tables!.small_groups
  const schema = table.schema as z.ZodObject
  const example = schema.parse(table.example)
  expect(smallGroups.admin?.path).toBe('small-groups')
  const screen = smallGroups.admin?.screen as ListScreen<{ id: string } & typeof example>
  expect(screen).toMatchObject({ kind: 'list', table: 'small_groups', noun: 'Group' })
  const required = Object.fromEntries(
    screen.fields.map((field) => [field.name, requiredFrom(schema, field).required]),
  )
  expect(required).toEqual({ name: true, meets: true, description: false })
  const record = { id: 'g1', ...example }
  expect(screen.describe(record)).toMatchObject({ title: 'Tuesday homegroup', meta: [example.meets] })
  expect(screen.view?.(record, (key) => `/${key}`)).toBe('/small-groups#g1')
  for (const field of [...(table.translate ?? []), ...table.richText])
    expect(Object.keys(schema.shape)).toContain(field)
  expect(smallGroups.pages?.['small-groups']?.meta?.shows).toEqual(['small_groups'])
  // The page is valid TSX, reads the declared table and names the declared page.
  const page = transformSync(BLOCKS['page.tsx'], { loader: 'tsx', jsx: 'automatic' }).code
  expect(page).toContain('listModels.small_groups.list')
  expect(page).toContain('"small-groups"')
})

test("The recipe's migration makes a table that stores the schema's example and every stored field", async () => {
  const { up } = (await import(write('migration.ts'))) as { up: (db: Kysely<unknown>) => Promise<void> }
  const db = new Kysely<Record<string, Record<string, unknown>>>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  })
  try {
    await up(db as Kysely<unknown>)
    await db
      .insertInto('small_groups')
      .values({
        id: 'g1',
        name: 'Tuesday homegroup',
        meets: 'Tuesdays at 8 pm, Douglas',
        description: null,
        order: 1,
        translations: '{}',
        created_at: '2026-12-06T10:00:00.000Z',
        updated_at: '2026-12-06T10:00:00.000Z',
      })
      .execute()
    const row = await db.selectFrom('small_groups').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ id: 'g1', name: 'Tuesday homegroup', order: 1, translations: '{}' })
  } finally {
    await db.destroy()
  }
})
