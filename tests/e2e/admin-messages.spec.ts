import type { Page } from '@playwright/test'

import { insertMessages, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/** The names in the table's rows, top to bottom (cells: the selection box, the date, the name…). */
async function rowNames(page: Page) {
  const rows = page.getByRole('table').getByRole('row')
  const count = await rows.count()
  const names: string[] = []
  for (let index = 1; index < count; index++) {
    names.push(
      (await rows.nth(index).getByRole('cell').nth(2).locator('span span').first().innerText()).trim(),
    )
  }
  return names
}

/** Clicks a column header and waits until the table is sorted that way. */
async function sortBy(page: Page, column: string, direction: 'ascending' | 'descending') {
  await page.getByRole('link', { name: column, exact: true }).click()
  await expect(page.getByRole('columnheader', { name: column })).toHaveAttribute('aria-sort', direction)
}

test('Admin can search, sort and read contact messages', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const token = unique('zq').replace(' ', '')
  await insertMessages(server, [
    {
      first_name: 'Brigid',
      last_name: `Byrne${token}`,
      email: 'brigid@example.ie',
      phone: '+353 87 111 2222',
      subject: 'Baptism classes',
      message: 'When do the next baptism classes start? I would love to join.',
      created_at: '2026-01-15T09:05:00.000Z',
    },
    {
      first_name: 'aidan',
      last_name: `Ahern${token}`,
      email: 'zed@example.ie',
      subject: null,
      message: 'Short note',
      created_at: '2026-02-20T18:30:00.000Z',
    },
    {
      first_name: 'Ciara',
      last_name: `Cahill${token}`,
      email: 'ann@example.ie',
      subject: 'About the choir',
      message: `Is there room in the choir for an alto? ${token.toUpperCase()}`,
      created_at: '2025-12-01T12:00:00.000Z',
    },
  ])
  await signInAt(page, '/admin/messages')

  // Search: case-insensitive, across names, email, subject and message.
  const search = page.getByRole('searchbox', { name: 'Search messages' })
  await search.fill(token.toUpperCase())
  await expect(page).toHaveURL(new RegExp(`q=${token.toUpperCase()}`))
  await expect(page.getByText('3 message(s) found')).toBeVisible()
  // Default: newest first.
  await expect
    .poll(() => rowNames(page))
    .toEqual([`aidan Ahern${token}`, `Brigid Byrne${token}`, `Ciara Cahill${token}`])

  // Dates in Irish English with long month; no subject; 20-character previews.
  const brigid = page.getByRole('row').filter({ hasText: 'Brigid' })
  await expect(brigid).toContainText('15 January 2026 at 09:05')
  await expect(brigid).toContainText('When do the next bap...')
  const aidan = page.getByRole('row').filter({ hasText: 'aidan' })
  await expect(aidan).toContainText('No subject')
  await expect(aidan).toContainText('Short note')
  await expect(aidan).not.toContainText('Short note...')

  const [aidanName, brigidName, ciaraName] = [
    `aidan Ahern${token}`,
    `Brigid Byrne${token}`,
    `Ciara Cahill${token}`,
  ]
  const sorts: Array<[column: string, direction: 'ascending' | 'descending', names: string[], why: string]> =
    [
      [
        'Name',
        'ascending',
        [aidanName, brigidName, ciaraName],
        'a new column starts ascending, case-insensitive',
      ],
      ['Name', 'descending', [ciaraName, brigidName, aidanName], 'then toggles'],
      ['Email', 'ascending', [ciaraName, brigidName, aidanName], 'by address'],
      ['Subject', 'ascending', [ciaraName, brigidName, aidanName], 'empty subjects last…'],
      ['Subject', 'descending', [brigidName, ciaraName, aidanName], '…both ways'],
      ['Date', 'ascending', [ciaraName, brigidName, aidanName], 'a new column: oldest first'],
    ]
  for (const [column, direction, names, why] of sorts) {
    await sortBy(page, column, direction)
    await expect.poll(() => rowNames(page), { message: `${column} ${direction}: ${why}` }).toEqual(names)
  }

  // A search in the message text alone.
  await search.fill('room in the choir for an alto')
  await expect(page.getByText('1 message(s) found')).toBeVisible()
  await search.fill(`no such words ${token}`)
  await expect(page.getByText('No messages found')).toBeVisible()
  await expect(page.getByText('0 message(s) found')).toBeVisible()
  await expectNoAxeViolations(page)

  // Clicking a row opens the details (anywhere but its selection box).
  await search.fill(`Byrne${token}`)
  await expect(page.getByText('1 message(s) found')).toBeVisible()
  await page.getByRole('row').filter({ hasText: 'Brigid' }).getByRole('cell').nth(1).click()
  const dialog = page.getByRole('dialog', { name: 'Message Details' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`Brigid Byrne${token}`)
  await expect(dialog.getByRole('link', { name: 'brigid@example.ie' })).toHaveAttribute(
    'href',
    'mailto:brigid@example.ie',
  )
  await expect(dialog).toContainText('+353 87 111 2222')
  await expect(dialog).toContainText('15 January 2026 at 09:05')
  await expect(dialog).toContainText('Baptism classes')
  await expect(dialog).toContainText('When do the next baptism classes start? I would love to join.')
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  // And with the keyboard: the row's View button, Escape, focus back on the button.
  const view = page.getByRole('button', { name: new RegExp(`^View message from Brigid Byrne${token}`) })
  await view.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  // Focus stays in the dialog.
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link', { name: 'brigid@example.ie' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(view).toBeFocused()
})

test('A long inbox is paged on the server', async ({ page, server }) => {
  const token = unique('page').replace(' ', '')
  await insertMessages(
    server,
    Array.from({ length: 30 }, (_, index) => ({
      first_name: `Person${String(index).padStart(2, '0')}`,
      last_name: token,
      email: `person${index}@example.ie`,
      subject: `Question ${index}`,
      message: 'Hello there',
      created_at: new Date(Date.UTC(2025, 5, 1, 10, index)).toISOString(),
    })),
  )
  await signInAt(page, `/admin/messages?q=${token}`)
  await expect(page.getByText('30 message(s) found')).toBeVisible()
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(26)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(6)
  await expect(page.getByRole('row').filter({ hasText: 'Person00' })).toHaveCount(1)
})

test('On a phone the messages can still be sorted and opened', async ({ page, server }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const token = unique('phone').replace(' ', '')
  await insertMessages(server, [
    {
      first_name: 'Zoe',
      last_name: token,
      email: 'z@example.ie',
      message: 'Hi',
      created_at: '2026-03-01T10:00:00Z',
    },
    {
      first_name: 'Abe',
      last_name: token,
      email: 'a@example.ie',
      message: 'Hi',
      created_at: '2026-03-02T10:00:00Z',
    },
  ])
  await signInAt(page, `/admin/messages?q=${token}`)
  const sortBar = page.getByRole('navigation', { name: 'Sort messages' })
  await sortBar.getByRole('link', { name: /^Name/ }).click()
  await expect(page).toHaveURL(/sort=first_name&dir=asc/)
  await expect(page.getByRole('row').nth(0)).toContainText('Abe')
  await page.getByRole('button', { name: new RegExp(`^View message from Zoe ${token}`) }).click()
  await expect(page.getByRole('dialog', { name: 'Message Details' })).toBeVisible()
  await expectNoAxeViolations(page)
})
