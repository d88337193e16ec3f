// The activity log over HTTP: every write through the REST API and through the admin's forms logs one entry
// with the signed-in person, the section and the item's title; sign-ins are logged; entries older than 12
// months go at start-up, by the server's clock.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { makeContactMessage, makeService } from '../factories.ts'
import { makePng } from '../fixtures/images.ts'
import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, createEditor, databases, signIn, useServer } from './support.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { listActivity, recordActivity } from '#app/models/activity.server.ts'

const unique = (word: string) => `${word} ${crypto.randomBytes(4).toString('hex')}`

/** The log's entries about one item (or all), newest first, read from the server's database. */
async function entries(
  server: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
  filter: { itemId?: string; section?: string } = {},
) {
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  try {
    const { items } = await listActivity({ db, section: filter.section, limit: 200 })
    return items.filter((entry) => filter.itemId === undefined || entry.item_id === filter.itemId)
  } finally {
    await db.close()
  }
}

/** Posts an admin page's form, as its buttons do. */
function adminForm(client: Client, path: string, fields: Record<string, string>) {
  return client.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

const byAdmin = { user_email: ADMIN.email, user_name: 'admin' }

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { env: { TRUST_PROXY: 'true' } })

  test('a create, a change and a delete through the API each log one entry: person, section, title', async () => {
    const name = unique('Evening Prayer')
    const created = await ctx.admin.post('/api/services', makeService({ name }))
    expect(created.status).toBe(201)
    const id: string = created.body.id
    expect(await entries(ctx.server, { itemId: id })).toEqual([
      expect.objectContaining({ ...byAdmin, action: 'created', section: 'services', item_title: name }),
    ])
    expect((await ctx.admin.patch(`/api/services/${id}`, { name: `${name}!` })).status).toBe(200)
    expect((await ctx.admin.delete(`/api/services/${id}`)).status).toBe(204)
    const log = await entries(ctx.server, { itemId: id })
    expect(log.map((entry) => [entry.action, entry.item_title])).toEqual([
      ['deleted', `${name}!`],
      ['changed', `${name}!`],
      ['created', name],
    ])
    for (const entry of log) expect(entry).toMatchObject({ ...byAdmin, section: 'services' })
    // Refused and anonymous writes log nothing.
    expect((await ctx.admin.patch(`/api/services/${id}`, { name: 'x' })).status).toBe(404)
    expect((await ctx.anonymous.post('/api/services', makeService())).status).toBe(401)
    expect((await ctx.admin.post('/api/services', { name: '' })).status).toBe(400)
    expect(await entries(ctx.server, { itemId: id })).toHaveLength(3)
  })

  test('a create, a change and a delete through an admin form each log one entry', async () => {
    const name = unique('Bible Study')
    const created = await adminForm(ctx.admin, '/admin/services', { intent: 'create', name })
    expect(created.status).toBe(200)
    const service = ((await ctx.admin.get('/api/services')).body as Array<{ id: string; name: string }>).find(
      (item) => item.name === name,
    )!
    await adminForm(ctx.admin, '/admin/services', { intent: 'update', id: service.id, name: `${name} (new)` })
    await adminForm(ctx.admin, '/admin/services', { intent: 'delete', id: service.id })
    const log = await entries(ctx.server, { itemId: service.id })
    expect(log.map((entry) => [entry.action, entry.section, entry.item_title, entry.user_email])).toEqual([
      ['deleted', 'services', `${name} (new)`, ADMIN.email],
      ['changed', 'services', `${name} (new)`, ADMIN.email],
      ['created', 'services', name, ADMIN.email],
    ])
  })

  test('single records, reorders and settings each log in their own section', async () => {
    const before = (await entries(ctx.server)).length
    const info = await ctx.admin.put('/api/church_info', {
      name: 'IPC Cork',
      email: 'office@example.ie',
      timezone: 'Europe/Dublin',
    })
    expect(info.status).toBe(200)
    const services = [
      (await ctx.admin.post('/api/services', makeService({ name: unique('A') }))).body.id,
      (await ctx.admin.post('/api/services', makeService({ name: unique('B') }))).body.id,
    ]
    const all = ((await ctx.admin.get('/api/services')).body as Array<{ id: string }>).map((s) => s.id)
    expect((await ctx.admin.post('/api/services/reorder', { ids: [...all].reverse() })).status).toBe(200)
    const saved = await adminForm(ctx.admin, '/admin/settings', {
      intent: 'retention',
      retention_months: '18',
    })
    expect(saved.status).toBe(200)
    const log = await entries(ctx.server)
    const fresh = log.slice(0, log.length - before)
    expect(fresh.map((entry) => [entry.action, entry.section, entry.item_title])).toEqual([
      ['changed', 'settings', 'Keep messages for 18 months'],
      ['reordered', 'services', null],
      ['created', 'services', expect.any(String)],
      ['created', 'services', expect.any(String)],
      [expect.stringMatching(/^(created|changed)$/), 'church_info', 'IPC Cork'],
    ])
    expect(fresh.every((entry) => entry.user_email === ADMIN.email)).toBe(true)
    expect(services).toHaveLength(2)
  })

  test('a message moved and deleted is logged by count, never by who wrote it', async () => {
    const posted = await ctx.anonymous.post(
      '/api/contact_messages',
      makeContactMessage({
        first_name: 'Seán',
        last_name: 'Ó Briain',
        email: 'sean@example.ie',
        subject: 'Private matter',
        message: 'Please pray for my family.',
      }),
    )
    expect(posted.status).toBe(201)
    const [message] = (await ctx.admin.get('/api/contact_messages?q=sean@example.ie')).body as Array<{
      id: string
    }>
    expect(
      (await ctx.admin.patch(`/api/contact_messages/${message.id}`, { status: 'archived' })).status,
    ).toBe(200)
    expect((await ctx.admin.delete(`/api/contact_messages/${message.id}`)).status).toBe(204)
    const log = await entries(ctx.server, { itemId: message.id })
    expect(log.map((entry) => [entry.action, entry.section, entry.item_title])).toEqual([
      ['deleted', 'contact_messages', '1 message'],
      ['moved', 'contact_messages', '1 message to Archived'],
    ])
    expect(JSON.stringify(log)).not.toMatch(/Seán|Briain|sean@|Private|pray/)
  })

  test('changes to one’s own account (name, password, other sessions) are logged; a refused one is not', async () => {
    const email = `${crypto.randomBytes(4).toString('hex')}@example.org`
    const password = 'an-editors-long-password'
    const person = await createEditor(ctx, email, password)
    await signIn(ctx.server.url, { email, password })
    const newPassword = 'seven green bottles on the wall'
    const account = (fields: Record<string, string>) => adminForm(person, '/admin/account', fields)
    expect((await account({ intent: 'name', name: 'Ciarán Walsh' })).status).toBe(200)
    const refused = await account({
      intent: 'password',
      current_password: 'not my password at all',
      new_password: newPassword,
      confirm_password: newPassword,
    })
    expect(refused.status).toBe(400)
    expect((await account({ intent: 'sign-out-others' })).status).toBe(200)
    const changed = await account({
      intent: 'password',
      current_password: password,
      new_password: newPassword,
      confirm_password: newPassword,
    })
    expect(changed.status).toBe(200)
    const theirs = (await entries(ctx.server, { section: 'account' })).filter(
      (entry) => entry.user_email === email,
    )
    expect(theirs.map((entry) => [entry.user_name, entry.action, entry.item_title])).toEqual([
      ['Ciarán Walsh', 'changed', 'their password'],
      ['Ciarán Walsh', 'signed_out_others', null],
      // Made under the name they had then.
      [email.split('@')[0], 'changed', 'their name to Ciarán Walsh'],
    ])
  })

  test('the inbox’s forms (move, delete, erase), its export and an upload each log one entry', async () => {
    const email = `${crypto.randomBytes(4).toString('hex')}@example.ie`
    for (let index = 0; index < 4; index++) {
      const sent = await ctx.anonymous.post('/api/contact_messages', makeContactMessage({ email }), {
        headers: { 'x-forwarded-for': `198.51.100.${index + 10}` },
      })
      expect(sent.status).toBe(201)
    }
    const ids = ((await ctx.admin.get(`/api/contact_messages?q=${email}`)).body as Array<{ id: string }>).map(
      (message) => message.id,
    )
    expect(ids).toHaveLength(4)
    const before = (await entries(ctx.server)).length
    const form = (fields: Array<[string, string]>) =>
      ctx.admin.request('POST', '/admin/messages', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    expect(
      (
        await form([
          ['intent', 'status'],
          ['status', 'archived'],
          ['id', ids[0]],
          ['id', ids[1]],
        ])
      ).status,
    ).toBe(200)
    expect(
      (
        await form([
          ['intent', 'delete'],
          ['id', ids[0]],
        ])
      ).status,
    ).toBe(200)
    expect((await ctx.admin.get(`/admin/messages/export?email=${encodeURIComponent(email)}`)).status).toBe(
      200,
    )
    expect(
      (
        await form([
          ['intent', 'erase'],
          ['email', email],
        ])
      ).status,
    ).toBe(200)
    const picture = new FormData()
    picture.append(
      'file',
      new Blob([new Uint8Array(await makePng(64, 48))], { type: 'image/png' }),
      'harvest.png',
    )
    expect((await ctx.admin.request('POST', '/api/uploads', { body: picture })).status).toBe(201)

    const log = await entries(ctx.server)
    expect(
      log.slice(0, log.length - before).map((entry) => [entry.action, entry.section, entry.item_title]),
    ).toEqual([
      ['uploaded', 'uploads', 'harvest.png'],
      ['erased', 'contact_messages', '3 messages of one address (right to erasure)'],
      ['exported', 'contact_messages', 'Messages of one address (CSV)'],
      ['deleted', 'contact_messages', '1 message'],
      ['moved', 'contact_messages', '2 messages to Archived'],
    ])
    expect(JSON.stringify(log)).not.toContain(email)
  })

  test('signing in through the API and through the sign-in form each log one entry; a wrong password none', async () => {
    const count = async () => (await entries(ctx.server, { section: 'sign_in' })).length
    const start = await count()
    await signIn(ctx.server.url, ADMIN)
    expect(await count()).toBe(start + 1)
    const form = await adminForm(new Client(ctx.server.url), '/admin/login', ADMIN)
    expect(form.status).toBe(302)
    expect(await count()).toBe(start + 2)
    const wrong = await ctx.anonymous.post('/api/auth/sign-in/email', {
      ...ADMIN,
      password: 'not the password',
    })
    expect(wrong.status).toBe(401)
    expect(await count()).toBe(start + 2)
    const [latest] = await entries(ctx.server, { section: 'sign_in' })
    expect(latest).toMatchObject({ ...byAdmin, action: 'signed_in', item_id: null, item_title: null })
  })

  test('an editor’s writes are logged as theirs; the log itself is for administrators only', async () => {
    const editor = await createEditor(ctx, 'editor.activity@example.org')
    const title = unique('Youth Night')
    const created = await editor.post('/api/events', { title, starts_at: '2030-05-01T19:00' })
    expect(created.status).toBe(201)
    expect(await entries(ctx.server, { itemId: created.body.id })).toEqual([
      expect.objectContaining({
        action: 'created',
        section: 'events',
        item_title: title,
        user_email: 'editor.activity@example.org',
        user_name: 'editor.activity',
      }),
    ])
    const refused = await editor.get('/admin/activity')
    expect(refused.status).toBe(403)
    expect(refused.text).toContain('Only administrators can use the activity log')
    expect((await editor.get('/admin/activity.data')).status).toBe(403)
    const dashboard = await editor.get('/admin/dashboard')
    expect(dashboard.status).toBe(200)
    expect(dashboard.text).not.toContain('Recent Activity')
    // The administrator sees the editor's deed on both.
    const screen = (await ctx.admin.get('/admin/activity')).text.replace(/<[^>]*>/g, '')
    expect(screen).toContain(`created “${title}”`)
    expect(screen).toContain('editor.activity@example.org')
    expect((await ctx.admin.get('/admin/dashboard')).text).toContain('Recent Activity')
  })

  test('staff: an invitation, its acceptance, the invitee’s sign-in and edit, a role change and a removal', async () => {
    const email = `${crypto.randomBytes(4).toString('hex')}@example.org`
    const invited = await adminForm(ctx.admin, '/admin/staff', {
      intent: 'invite',
      email,
      role: 'editor',
      name: 'Aoife Byrne',
    })
    expect(invited.status).toBe(200)
    const link = /\/admin\/invitation\?token=([\w-]+)/.exec(invited.text)!
    const password = 'a-long-walk-by-the-lee'
    const chosen = await adminForm(new Client(ctx.server.url), link[0], {
      token: link[1],
      password,
      confirm: password,
    })
    expect(chosen.status).toBe(302)
    const colleague = await signIn(ctx.server.url, { email, password })
    const title = unique('Youth Night')
    expect((await colleague.post('/api/events', { title, starts_at: '2030-05-01T19:00' })).status).toBe(201)
    const staffPage = (await ctx.admin.get('/admin/staff')).text
    const id = /name="id" value="([^"]+)"/.exec(staffPage.slice(staffPage.indexOf(email)))![1]
    expect((await adminForm(ctx.admin, '/admin/staff', { intent: 'role', id, role: 'admin' })).status).toBe(
      200,
    )
    expect((await adminForm(ctx.admin, '/admin/staff', { intent: 'remove', id })).status).toBe(200)

    const theirs = (await entries(ctx.server)).filter(
      (entry) => entry.user_email === email || entry.item_id === id,
    )
    expect(theirs.map((entry) => [entry.user_email, entry.action, entry.section])).toEqual([
      [ADMIN.email, 'removed', 'staff'],
      [ADMIN.email, 'role_changed', 'staff'],
      [email, 'created', 'events'],
      [email, 'signed_in', 'sign_in'],
      [email, 'joined', 'staff'],
      [ADMIN.email, 'invited', 'staff'],
    ])
    // The removed person's entries still name them.
    expect(theirs.find((entry) => entry.action === 'created')).toMatchObject({
      user_name: 'Aoife Byrne',
      item_title: title,
    })
    const screen = (await ctx.admin.get('/admin/activity')).text.replace(/<[^>]*>/g, '')
    expect(screen).toContain(`Aoife Byrne created “${title}”`)
    expect(screen).toContain('Aoife Byrne accepted the invitation')
  })
})

describe.each(databases)('retention on $name', (database) => {
  test('at start-up, entries older than 12 months by the server’s clock are deleted; younger ones kept', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-activity-'))
    const pgDatabase = database.postgresUrl ? await createPostgresDatabase(database.postgresUrl) : null
    const databaseUrl = pgDatabase?.url ?? ''
    const start = (env: Record<string, string> = {}) =>
      startServer({ admin: ADMIN, dataDir, env: { DATABASE_URL: databaseUrl, ...env } })
    let server = await start()
    try {
      const admin = await signIn(server.url, ADMIN)
      const old = await admin.post('/api/services', makeService({ name: 'Made over a year ago' }))
      expect(old.status).toBe(201)
      await server.stop()
      // A year and two days later, by the server's clock; an entry of eleven months before then stays.
      const later = new Date(Date.now() + 367 * 24 * 60 * 60 * 1000)
      const elevenMonthsBefore = new Date(later)
      elevenMonthsBefore.setUTCMonth(elevenMonthsBefore.getUTCMonth() - 11)
      const db = openDatabase({ dataDir, databaseUrl })
      try {
        await recordActivity({
          db,
          actor: { userId: null, name: 'Someone', email: 'someone@example.ie', at: elevenMonthsBefore },
          action: 'changed',
          section: 'events',
          itemTitle: 'Kept',
        })
      } finally {
        await db.close()
      }
      server = await start({ CLOCK_START: later.toISOString() })
      await signIn(server.url, ADMIN)
      const store = { dataDir, databaseUrl: databaseUrl || undefined }
      const titles = (await entries(store)).map((entry) => [entry.action, entry.item_title])
      expect(titles).toEqual([
        ['signed_in', null],
        ['changed', 'Kept'],
      ])
      const [signedIn] = await entries(store)
      expect(Math.abs(new Date(signedIn.at).getTime() - later.getTime())).toBeLessThan(120_000)
      expect(server.output()).toMatch(/deleted activity log entries older than 12 months/)
    } finally {
      await server.stop()
      await pgDatabase?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
