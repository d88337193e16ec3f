import { expect, test } from 'vitest'

import { adminReturnPath } from './return-path.ts'

test('an admin page and its query are kept to return to after signing in', () => {
  expect(adminReturnPath('/admin/messages?message=5f1c&status=new')).toBe(
    '/admin/messages?message=5f1c&status=new',
  )
  expect(adminReturnPath('/admin/events')).toBe('/admin/events')
  expect(adminReturnPath('/admin')).toBe('/admin')
})

test('anything that could lead elsewhere is refused', () => {
  for (const value of [
    'https://evil.example/admin/messages',
    '//evil.example/admin/messages',
    '/\\evil.example/admin',
    '/admin/../contact',
    '/administrator',
    '/admin.evil',
    '/contact',
    'admin/messages',
    '/admin/login?next=/admin/events',
    '/admin/logout',
    '/admin/messages\r\nSet-Cookie: x=1',
    `/admin/${'a'.repeat(2_100)}`,
    '',
    null,
    undefined,
    ['/admin/events'],
  ]) {
    expect(adminReturnPath(value), String(value)).toBeNull()
  }
})
