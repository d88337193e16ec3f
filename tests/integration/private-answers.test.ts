// Answers that carry a session token or someone's personal data say `Cache-Control: no-store`, so no browser
// cache, shared computer or proxy keeps them (issue 25): every answer of the auth API, every admin address and its
// `.data` request (signed in or not), the inbox's API and the messages' CSV export.
import { describe, expect, test } from 'vitest'

import { adminAddresses, adminRoutes } from './admin-routes.ts'
import { ADMIN, type Answer, Client, databases, signIn, useServer } from './support.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('every answer that may carry a token or personal data says no-store', async () => {
    const { admin, anonymous, server } = ctx
    const answers: [string, Answer][] = []
    const check = async (label: string, answer: Promise<Answer>) => answers.push([label, await answer])

    // The auth API: the session (with its token), signing in and out, refusals.
    for (const [who, client] of [
      ['signed in', admin],
      ['anonymous', anonymous],
    ] as const) {
      for (const path of ['/api/auth/get-session', '/api/auth/get-session.data']) {
        await check(`${who} GET ${path}`, client.get(path))
      }
    }
    await check('sign-in', anonymous.post('/api/auth/sign-in/email', ADMIN))
    await check('wrong password', anonymous.post('/api/auth/sign-in/email', { ...ADMIN, password: 'not it' }))
    const leaving = await signIn(server.url, ADMIN)
    await check('sign-out', leaving.post('/api/auth/sign-out'))
    await check(
      'second step without a sign-in',
      anonymous.post('/api/auth/two-factor/verify-totp', { code: '1' }),
    )
    await check('unknown auth address', anonymous.get('/api/auth/list-sessions'))
    await check('auth address, wrong method', anonymous.get('/api/auth/sign-in/email'))

    // Every admin address and its data request, to its user and to a visitor (redirects included).
    const addresses = adminAddresses()
    expect(addresses).toEqual(
      expect.arrayContaining(['/admin/account', '/admin/staff', '/admin/messages/export']),
    )
    for (const path of addresses) {
      for (const address of [path, `${path}.data`]) {
        await check(`admin GET ${address}`, admin.get(address))
        await check(`anonymous GET ${address}`, anonymous.get(address))
      }
    }
    // Actions' answers too: My account's, and a visitor's sign-in form.
    const name = new URLSearchParams({ intent: 'name', name: 'Parish Office' }).toString()
    await check('POST /admin/account', admin.request('POST', '/admin/account', { body: name, headers: FORM }))
    await check(
      'POST /admin/account.data',
      admin.request('POST', '/admin/account.data', { body: name, headers: FORM }),
    )
    const login = new URLSearchParams(ADMIN).toString()
    await check(
      'POST /admin/login',
      new Client(server.url).request('POST', '/admin/login', { body: login, headers: FORM }),
    )

    // The inbox's API reads.
    const message = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org', message: 'Hello' }
    expect((await anonymous.post('/api/contact_messages', message)).status).toBe(201)
    const [{ id }] = (await admin.get<{ id: string }[]>('/api/contact_messages')).body
    for (const route of adminRoutes().filter((route) => route.method === 'GET')) {
      const path = route.path.replace(':id', id)
      await check(`admin GET ${path}`, admin.get(path))
      await check(`anonymous GET ${path}`, anonymous.get(path))
    }

    const stored = answers
      .filter(([, answer]) => !/\bno-store\b/.test(answer.headers.get('cache-control') ?? ''))
      .map(([label, answer]) => `${label}: ${answer.status} ${answer.headers.get('cache-control')}`)
    expect(stored).toEqual([])
    expect(answers.length).toBeGreaterThan(80)
  })
})
