// The inbox's data rights over HTTP: CSV export (a subject-access request), erasure of one address's messages,
// retention at start-up, and the privacy policy stating the period.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { makeContactMessage } from '../factories.ts'
import { createPostgresDatabase, startServer } from '../test-server.ts'
import { ADMIN, type Client, databases, signIn, useServer } from './support.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { messageKeys } from '#app/content/messages/message-keys.ts'

let lastAddress = 0
const visitorAddress = () => `203.0.113.${100 + (++lastAddress % 150)}`
const uniqueWord = () => `w${crypto.randomBytes(5).toString('hex')}`

/** Posts an admin page's form, as the inbox's buttons do. */
function adminForm(client: Client, path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
  }
  return client.request('POST', path, {
    body: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { env: { TRUST_PROXY: 'true', CONTACT_RATE_LIMIT: '1000' } })
  const send = (body: Record<string, unknown>) =>
    ctx.anonymous.post('/api/contact_messages', body, { headers: { 'x-forwarded-for': visitorAddress() } })

  test('Export messages (CSV): one address’s messages, UTF-8 with fadas, formulas made plain text', async () => {
    const word = uniqueWord()
    const email = `${word}@example.ie`
    await send(
      makeContactMessage({ first_name: 'Seán', last_name: 'Ó Briain', email, message: '=HYPERLINK("x")' }),
    )
    await send(
      makeContactMessage({ email: email.toUpperCase(), subject: '+1 idea', message: `Two, "quoted"\nlines` }),
    )
    await send(makeContactMessage({ message: word }))
    const answer = await ctx.admin.get(`/admin/messages/export?email=${encodeURIComponent(email)}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="messages-${word}@example\\.ie-\\d{4}-\\d\\d-\\d\\d\\.csv"$`),
    )
    // A byte order mark first, so spreadsheets read UTF-8 (fetch's text() takes it off again).
    const raw = await fetch(
      new URL(`/admin/messages/export?email=${encodeURIComponent(email)}`, ctx.server.url),
      {
        headers: { cookie: ctx.admin.cookie! },
      },
    )
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = answer.text
    expect(
      text.startsWith(
        '"id","status","created_at","first_name","last_name","email","phone","subject","message"\r\n',
      ),
    ).toBe(true)
    const rows = text.trimEnd().split('\r\n')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toContain(`"new","`)
    expect(rows[1]).toContain(
      `"Seán","Ó Briain","${email}","'+353 87 765 4321","Baptism","'=HYPERLINK(""x"")"`,
    )
    expect(rows[2]).toContain(`"'+1 idea","Two, ""quoted""\nlines"`)
    expect(text).not.toContain(`"${word}"`)
  })

  test('Export follows the inbox’s filter and search; visitors get none of it', async () => {
    const word = uniqueWord()
    await send(makeContactMessage({ first_name: 'Kept', message: word }))
    await send(makeContactMessage({ first_name: 'Gone', message: word }))
    const [gone] = (await ctx.admin.get(`/api/contact_messages?q=${word}&sort=first_name`)).body
    await ctx.admin.patch(`/api/contact_messages/${gone.id}`, { status: 'archived' })
    const inbox = await ctx.admin.get(`/admin/messages/export?status=inbox&q=${word}`)
    expect(inbox.text).toContain('"Kept"')
    expect(inbox.text).not.toContain('"Gone"')
    const archived = await ctx.admin.get(`/admin/messages/export?status=archived&q=${word}`)
    expect(archived.text).toContain('"Gone"')
    expect(archived.text).not.toContain('"Kept"')
    const visitor = await ctx.anonymous.get(`/admin/messages/export?q=${word}`)
    expect(visitor.status).toBe(302)
    expect(visitor.text).not.toContain(word)
  })

  test('"Delete every message from this address" deletes them in any case, and nothing else', async () => {
    const word = uniqueWord()
    const email = `${word}@example.ie`
    await send(makeContactMessage({ email, message: word }))
    await send(makeContactMessage({ email: email.toUpperCase(), message: word }))
    await send(makeContactMessage({ message: word }))
    const answer = await adminForm(ctx.admin, '/admin/messages', { intent: 'erase', email })
    expect(answer.status).toBe(200)
    expect(answer.text).toContain(`2 messages from ${email} deleted`)
    const left = (await ctx.admin.get(`/api/contact_messages?q=${word}`)).body
    expect(left).toHaveLength(1)
    expect(left[0].email).not.toBe(email)
  })

  test('the inbox’s actions move and delete several messages; an unknown state is refused', async () => {
    const word = uniqueWord()
    for (const first_name of ['A', 'B', 'C']) await send(makeContactMessage({ first_name, message: word }))
    const ids = (await ctx.admin.get(`/api/contact_messages?q=${word}&sort=first_name`)).body.map(
      (message: { id: string }) => message.id,
    )
    const moved = await adminForm(ctx.admin, '/admin/messages', {
      intent: 'status',
      status: 'archived',
      id: ids.slice(0, 2),
    })
    expect(moved.text).toContain('2 messages archived')
    expect((await ctx.admin.get(`/api/contact_messages?q=${word}&status=archived`)).body).toHaveLength(2)
    const bad = await adminForm(ctx.admin, '/admin/messages', {
      intent: 'status',
      status: 'gone',
      id: ids[2],
    })
    expect(bad.status).toBe(400)
    const deleted = await adminForm(ctx.admin, '/admin/messages', { intent: 'delete', id: ids })
    expect(deleted.text).toContain('3 messages deleted')
    expect((await ctx.admin.get(`/api/contact_messages?q=${word}`)).body).toEqual([])
    // Opening a message marks it read, and only a new one.
    await send(makeContactMessage({ message: word }))
    const [fresh] = (await ctx.admin.get(`/api/contact_messages?q=${word}`)).body
    await adminForm(ctx.admin, '/admin/messages', { intent: 'open', id: fresh.id })
    expect((await ctx.admin.get(`/api/contact_messages/${fresh.id}`)).body.status).toBe('read')
    await ctx.admin.patch(`/api/contact_messages/${fresh.id}`, { status: 'replied' })
    await adminForm(ctx.admin, '/admin/messages', { intent: 'open', id: fresh.id })
    expect((await ctx.admin.get(`/api/contact_messages/${fresh.id}`)).body.status).toBe('replied')
  })

  test('a visitor’s post to the inbox’s actions changes nothing', async () => {
    const word = uniqueWord()
    await send(makeContactMessage({ email: `${word}@example.ie`, message: word }))
    const answer = await adminForm(ctx.anonymous, '/admin/messages', {
      intent: 'erase',
      email: `${word}@example.ie`,
    })
    expect([401, 302]).toContain(answer.status)
    expect((await ctx.admin.get(`/api/contact_messages?q=${word}`)).body).toHaveLength(1)
  })
})

describe.each(databases)('retention on $name', (database) => {
  test('at start-up, messages older than the retention period and spam older than 30 days are deleted; the privacy policy states the period', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-retention-'))
    // One database for both starts (a test server's own PostgreSQL database goes when it stops).
    const pgDatabase = database.postgresUrl ? await createPostgresDatabase(database.postgresUrl) : null
    const databaseUrl = pgDatabase?.url
    const start = () => startServer({ admin: ADMIN, dataDir, env: { DATABASE_URL: databaseUrl ?? '' } })
    let server = await start()
    try {
      const admin = await signIn(server.url, ADMIN)
      // React marks where text and values meet with empty comments.
      const policy = async () => (await admin.get('/privacy-policy')).text.replace(/<!-- -->/g, '')
      expect(await policy()).toContain('We keep messages for 24 months, and then delete them')
      const saved = await adminForm(admin, '/admin/settings', { intent: 'retention', retention_months: '6' })
      expect(saved.text).toContain('Retention period saved')
      expect(await policy()).toContain('We keep messages for 6 months')
      const refused = await adminForm(admin, '/admin/settings', {
        intent: 'retention',
        retention_months: '0',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Keep messages for at least 1 month')

      const day = 24 * 60 * 60 * 1000
      const ago = (days: number) => new Date(Date.now() - days * day).toISOString()
      const rows = [
        { id: 'old', status: 'read', created_at: ago(200) },
        { id: 'recent', status: 'read', created_at: ago(150) },
        { id: 'old-spam', status: 'spam', created_at: ago(31) },
        { id: 'new-spam', status: 'spam', created_at: ago(29) },
      ]
      const db = openDatabase({ dataDir, databaseUrl })
      try {
        await db.kysely
          .insertInto('contact_messages')
          .values(
            rows.map((row) => {
              const message = { ...makeContactMessage(), phone: null, subject: null, message: 'kept?' }
              return { ...message, ...row, ...messageKeys(message), spam_reason: null }
            }),
          )
          .execute()
      } finally {
        await db.close()
      }
      await server.stop()
      server = await start()
      const after = await signIn(server.url, ADMIN)
      const ids = (await after.get('/api/contact_messages?q=kept')).body
        .map((m: { id: string }) => m.id)
        .sort()
      expect(ids).toEqual(['new-spam', 'recent'])
      expect(server.output()).toMatch(/deleted contact messages past the retention period/)
    } finally {
      await server.stop()
      await pgDatabase?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
