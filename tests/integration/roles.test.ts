import { describe, expect, test } from 'vitest'

import { makeEvent } from '../factories.ts'
import {
  ADMINISTRATOR_PAGES,
  adminPages,
  adminRoutes,
  contentSnapshot,
  sendRoute,
  storedIds,
} from './admin-routes.ts'
import {
  apiError,
  type Client,
  createAdminWithCli,
  createEditor,
  databases,
  runSql,
  signIn,
  useServer,
} from './support.ts'

/** A form post to an admin page (its `.data` twin with `data`), as the page's own form sends it. */
function postForm(client: Client, path: string, fields: Record<string, string>) {
  return client.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

test('every page under the admin layout is either a content page or named as for administrators', () => {
  const pages = adminPages()
  expect(pages).toContain('/admin/events')
  for (const page of Object.keys(ADMINISTRATOR_PAGES)) expect(pages).toContain(page)
})

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)
  let editor: Client

  test('an editor may use every content route of the API and uploads; Messages are refused with 403', async () => {
    editor = await createEditor(ctx, 'youth.leader@example.org')
    const ids = await storedIds(ctx.admin, ctx.anonymous)
    const messagesBefore = (await ctx.admin.get('/api/contact_messages')).text
    const walked: string[] = []
    for (const route of adminRoutes()) {
      const answer = await sendRoute(editor, route, ids)
      const what = `${route.method} ${route.path}`
      if (route.area === 'content') {
        expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(500)
        expect([401, 403], what).not.toContain(answer.status)
      } else {
        expect(answer.status, what).toBe(403)
        expect(answer.body, what).toEqual(apiError())
        expect(answer.body.error.message, what).toMatch(/only administrators/i)
      }
      walked.push(what)
    }
    expect(walked).toHaveLength(adminRoutes().length)
    expect((await ctx.admin.get('/api/contact_messages')).text).toBe(messagesBefore)
    // What the editor saved is there.
    const created = await editor.post('/api/events', makeEvent({ title: 'Youth night' }))
    expect(created.status).toBe(201)
    expect((await ctx.anonymous.get(`/api/events/${created.body.id}`)).body.title).toBe('Youth night')
  })

  test('an editor gets every content page and its data; the administrators’ pages, their data and their forms are 403', async () => {
    editor ??= await createEditor(ctx, 'youth.leader@example.org')
    const ids = await storedIds(ctx.admin, ctx.anonymous)
    const before = await contentSnapshot(ctx.admin)
    for (const page of adminPages()) {
      const document = await editor.get(page)
      const data = await editor.get(`${page}.data`)
      if (page in ADMINISTRATOR_PAGES) {
        expect(document.status, page).toBe(403)
        expect(data.status, `${page}.data`).toBe(403)
        if (!page.endsWith('/export')) {
          expect(document.text, page).toMatch(/Only administrators (and treasurers )?can use/)
          // The activity log has no form to post.
          for (const path of page === '/admin/activity' ? [] : [page, `${page}.data`]) {
            const posted = await postForm(editor, path, {
              intent: 'delete',
              ids: JSON.stringify([ids.contact_messages]),
              recipients: 'someone@example.org',
            })
            expect(posted.status, `POST ${path}`).toBe(403)
          }
        }
      } else {
        expect(document.status, page).toBe(200)
        expect(data.status, `${page}.data`).toBe(200)
      }
    }
    expect(await contentSnapshot(ctx.admin)).toEqual(before)
    // An administrator gets every one of them.
    for (const page of adminPages()) {
      expect((await ctx.admin.get(page)).status, page).toBe(200)
      expect((await ctx.admin.get(`${page}.data`)).status, `${page}.data`).toBe(200)
    }
  })

  test('the admin bar shows an editor only what they may use; the dashboard hides the messages', async () => {
    editor ??= await createEditor(ctx, 'youth.leader@example.org')
    const editorsPage = (await editor.get('/admin/dashboard')).text
    const adminsPage = (await ctx.admin.get('/admin/dashboard')).text
    for (const page of Object.keys(ADMINISTRATOR_PAGES).filter((path) => !path.endsWith('/export'))) {
      expect(adminsPage).toContain(`href="${page}`)
      expect(editorsPage).not.toContain(`href="${page}`)
    }
    expect(editorsPage).toContain('href="/admin/events"')
    expect(adminsPage).toContain('New messages')
    expect(editorsPage).not.toContain('New messages')
  })

  test('a role is read at every request: an editor made administrator gets Messages at once', async () => {
    const client = await createEditor(ctx, 'promoted@example.org', 'promoted-long-password')
    expect((await client.get('/api/contact_messages')).status).toBe(403)
    await runSql(ctx, `update "user" set role = 'admin' where email = 'promoted@example.org'`)
    expect((await client.get('/api/contact_messages')).status).toBe(200)
    // A role the site does not know is no role at all: nothing but public reads.
    await runSql(ctx, `update "user" set role = 'owner' where email = 'promoted@example.org'`)
    expect((await client.post('/api/events', makeEvent())).status).toBe(403)
    expect((await client.get('/admin/settings')).status).toBe(403)
    const again = await signIn(ctx.server.url, {
      email: 'promoted@example.org',
      password: 'promoted-long-password',
    })
    expect((await again.get('/api/contact_messages')).status).toBe(403)
  })

  test('npm run admin makes administrators, and makes an editor with that address one; a weak password is refused', async () => {
    const email = 'churchwarden@example.org'
    const editorClient = await createEditor(ctx, email, 'a-churchwardens-password')
    expect((await editorClient.get('/api/contact_messages')).status).toBe(403)
    const output = await createAdminWithCli(ctx.server, email, 'a-new-churchwardens-password')
    expect(output).toContain(`${email} is an administrator now`)
    const promoted = await signIn(ctx.server.url, { email, password: 'a-new-churchwardens-password' })
    expect((await promoted.get('/api/contact_messages')).status).toBe(200)
    // The CLI applies the password rules (each one has its unit test in app/auth/password-policy.server.test.ts).
    await expect(createAdminWithCli(ctx.server, 'new.person@example.org', 'password12')).rejects.toThrow(
      /most common/,
    )
    const refused = await ctx.anonymous.post('/api/auth/sign-in/email', {
      email: 'new.person@example.org',
      password: 'password12',
    })
    expect(refused.status).toBe(401)
  })
})
