import { LIST_TABLE_FACTORIES, makeAboutUs, makeChurchInfo } from '../factories.ts'
import type { Answer, Client } from './support.ts'
import routes from '#app/routes.ts'
import { LIST_TABLES, TABLES } from '#app/content/registry.ts'

/** The part of the admin a route belongs to (app/auth/roles.server.ts): who may use it. */
export type Area = 'content' | 'messages' | 'staff' | 'settings' | 'activity' | 'giving'

export interface AdminRoute {
  method: string
  /** `:id` is replaced by the id of a stored record of the table. */
  path: string
  table?: string
  json?: unknown
  multipart?: boolean
  area: Area
}

/** Every API route that needs someone signed in, walked from the tables' declarations. */
export function adminRoutes(): AdminRoute[] {
  const list: AdminRoute[] = []
  for (const table of LIST_TABLES) {
    const body = LIST_TABLE_FACTORIES[table]()
    list.push(
      { method: 'POST', path: `/api/${table}`, table, json: body, area: 'content' },
      { method: 'PATCH', path: `/api/${table}/:id`, table, json: body, area: 'content' },
      { method: 'PUT', path: `/api/${table}/:id`, table, json: body, area: 'content' },
      { method: 'DELETE', path: `/api/${table}/:id`, table, area: 'content' },
    )
    if (TABLES[table].order === 'position')
      list.push({ method: 'POST', path: `/api/${table}/reorder`, table, json: { ids: [] }, area: 'content' })
  }
  list.push(
    { method: 'PUT', path: '/api/church_info', json: makeChurchInfo(), area: 'content' },
    { method: 'PUT', path: '/api/about_us', json: makeAboutUs(), area: 'content' },
    { method: 'GET', path: '/api/contact_messages', area: 'messages' },
    { method: 'GET', path: '/api/contact_messages/:id', table: 'contact_messages', area: 'messages' },
    {
      method: 'PATCH',
      path: '/api/contact_messages/:id',
      table: 'contact_messages',
      json: { status: 'archived' },
      area: 'messages',
    },
    { method: 'DELETE', path: '/api/contact_messages/:id', table: 'contact_messages', area: 'messages' },
    { method: 'POST', path: '/api/uploads', multipart: true, area: 'content' },
    // Event registrations are visitors' personal data: administrators' unless Settings lets editors in.
    { method: 'GET', path: '/api/events/:id/registrations', table: 'events', area: 'messages' },
    {
      method: 'DELETE',
      path: '/api/events/:id/registrations/00000000-0000-4000-8000-000000000000',
      table: 'events',
      area: 'messages',
    },
    // The weekly news' subscribers and their consent history: personal data.
    { method: 'GET', path: '/api/subscribers', area: 'messages' },
    { method: 'GET', path: '/api/subscribers/consents?email=a@example.org', area: 'messages' },
    // Gifts are money and donors' personal data: administrators' and treasurers' (issue 49).
    { method: 'GET', path: '/api/gifts', area: 'giving' },
    { method: 'GET', path: '/api/gifts/00000000-0000-4000-8000-000000000000', area: 'giving' },
    {
      method: 'PATCH',
      path: '/api/gifts/00000000-0000-4000-8000-000000000000',
      json: { benefit: true },
      area: 'giving',
    },
    // The tax reclaim: PPSNs and the claim (decision 0038).
    { method: 'GET', path: '/api/giving/tax-years/2025', area: 'giving' },
    { method: 'GET', path: '/api/giving/tax-years/2025/claim.csv', area: 'giving' },
    {
      method: 'POST',
      path: '/api/giving/certificates',
      json: { donor_id: 'nobody', type: 'CHY4', first_year: 2025, ppsn: '1234567T' },
      area: 'giving',
    },
  )
  return list
}

/** Sends an admin route's request as `client`, with its body (a tiny GIF for uploads). */
export function sendRoute(client: Client, route: AdminRoute, ids: Record<string, string>): Promise<Answer> {
  const path = route.path.replace(':id', route.table ? ids[route.table] : '')
  let body: FormData | undefined
  if (route.multipart) {
    body = new FormData()
    body.append('file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'pixel.gif')
  }
  return client.request(route.method, path, { json: route.json, body })
}

/** A stored record of every list table, plus a contact message, for the routes that name an id. */
export async function storedIds(admin: Client, anonymous: Client) {
  const ids: Record<string, string> = {}
  for (const table of LIST_TABLES) {
    const answer = await admin.post<{ id: string }>(
      `/api/${table}`,
      LIST_TABLE_FACTORIES[table as keyof typeof LIST_TABLE_FACTORIES](),
    )
    ids[table] = answer.body.id
  }
  const message = { first_name: 'A', last_name: 'B', email: 'a@example.org', message: 'Hello' }
  const sent = await anonymous.post('/api/contact_messages', message)
  if (sent.status !== 201) throw new Error(`The contact message was refused: ${sent.text}`)
  const list = await admin.get<{ id: string }[]>('/api/contact_messages')
  ids.contact_messages = list.body[0].id
  return ids
}

/** Everything in the database's content and inbox, as the API answers it to an administrator. */
export async function contentSnapshot(admin: Client) {
  return Promise.all(
    [...LIST_TABLES, 'church_info', 'about_us', 'contact_messages'].map(
      async (table) => (await admin.get(`/api/${table}`)).text,
    ),
  )
}

/** The admin pages only administrators may use; every other page under the admin layout is content. */
export const ADMINISTRATOR_PAGES: Record<string, Area> = {
  '/admin/messages': 'messages',
  '/admin/messages/export': 'messages',
  '/admin/settings': 'settings',
  '/admin/staff': 'staff',
  '/admin/activity': 'activity',
  // The tax reclaim (issue 49): administrators' and treasurers', reached from Funds rather than the bar.
  '/admin/funds/tax-year': 'giving',
  // Editors too once Settings allows (tests/integration/news-admin.test.ts); not by default.
  '/admin/subscribers': 'messages',
  '/admin/subscribers/export': 'messages',
  '/admin/gifts': 'giving',
  '/admin/gifts/export': 'giving',
}

interface RouteEntry {
  path?: string
  file: string
  children?: RouteEntry[]
}

/** Every address under /admin in app/routes.ts: the sign-in pages and links as well as the guarded screens. */
export function adminAddresses(): string[] {
  const walk = (entries: RouteEntry[]): string[] =>
    entries.flatMap((entry) => [
      ...(entry.path === 'admin' || entry.path?.startsWith('admin/') ? [`/${entry.path}`] : []),
      ...walk(entry.children ?? []),
    ])
  return walk(routes as RouteEntry[])
}

/**
 * Every page under the admin layout (behind the sign-in guard), read from app/routes.ts; pages of one record (an
 * event's registrations, `:id`) are left to their own tests, which have a record to name.
 */
export function adminPages(): string[] {
  const layout = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/admin/_layout.tsx')
  return (layout?.children ?? []).map((entry) => `/${entry.path}`).filter((path) => !path.includes(':'))
}
