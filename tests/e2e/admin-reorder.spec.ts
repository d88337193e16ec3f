import type { Page } from '@playwright/test'

import { makePng } from '../fixtures/images.ts'
import { expectToast, openAdmin, unique } from './admin-helpers.ts'
import { expect, signIn, test } from './fixtures.ts'

interface OrderedScreen {
  path: string
  table: string
  toast: string
  publicPath: string
  make: (page: Page, title: string) => Promise<Record<string, unknown>>
  nameField: 'name' | 'title'
}

const SCREENS: OrderedScreen[] = [
  {
    path: '/admin/leadership',
    table: 'leadership_team',
    toast: 'Leadership team order updated',
    publicPath: '/about',
    nameField: 'name',
    make: async (_page, name) => ({ name, role: 'Deacon' }),
  },
  {
    path: '/admin/getting-here',
    table: 'getting_here',
    toast: 'Order updated successfully',
    publicPath: '/about',
    nameField: 'title',
    make: async (_page, title) => ({ transport_type: 'car', title, description: '<p>Park at the back.</p>' }),
  },
  {
    path: '/admin/carousel',
    table: 'carousel_slides',
    toast: 'Slide order updated',
    publicPath: '/',
    nameField: 'title',
    make: async (page, title) => {
      const upload = await page.request.post('/api/uploads', {
        multipart: { file: { name: 'slide.png', mimeType: 'image/png', buffer: await makePng(1600, 900) } },
      })
      const { secure_url } = (await upload.json()) as { secure_url: string }
      return { title, image_url: secure_url, image_alt: `A wide photo for ${title}` }
    },
  },
]

for (const screen of SCREENS) {
  test(`Admin can reorder ${screen.table} at both ends of the list`, async ({ page, request }) => {
    await signIn(page)
    const first = unique('First')
    const second = unique('Second')
    const ids: string[] = []
    for (const name of [first, second]) {
      const response = await page.request.post(`/api/${screen.table}`, {
        data: await screen.make(page, name),
      })
      expect(response.status()).toBe(201)
      ids.push(((await response.json()) as { id: string }).id)
    }
    try {
      await openAdmin(page, screen.path)
      const items = page
        .getByRole('region', { name: /Leadership Team|Directions|Current Slides/ })
        .getByRole('listitem')
      const count = await items.count()
      // New items went last, in the order they were added.
      await expect(items.nth(count - 2)).toContainText(first)
      await expect(items.nth(count - 1)).toContainText(second)
      await expect(items.nth(count - 1)).toContainText(String(count))

      // The ends: nothing above the first, nothing below the last.
      await expect(items.first().getByRole('button', { name: /Move .* up/ })).toBeDisabled()
      await expect(items.first().getByRole('button', { name: /Move .* down/ })).toBeEnabled()
      await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeDisabled()

      /** The stored names, last two: what the server has saved (a toast of an earlier move may still show). */
      const lastTwo = async () => {
        const list = (await (await page.request.get(`/api/${screen.table}`)).json()) as Array<
          Record<string, unknown>
        >
        return list.slice(-2).map((item) => item[screen.nameField])
      }

      // Up from the last place.
      await page.getByRole('button', { name: `Move ${second} up` }).click()
      await expectToast(page, screen.toast)
      await expect.poll(lastTwo).toEqual([second, first])
      await expect(items.nth(count - 2)).toContainText(second)
      await expect(items.nth(count - 1)).toContainText(first)
      await expect(page.getByRole('button', { name: `Move ${first} down` })).toBeDisabled()
      // Saved: every item numbered 1..n, and the visitor's page follows.
      const stored = (await (await page.request.get(`/api/${screen.table}`)).json()) as Array<
        Record<string, unknown>
      >
      expect(stored.map((item) => item.order)).toEqual(stored.map((_, index) => index + 1))
      expect(stored.slice(-2).map((item) => item[screen.nameField])).toEqual([second, first])
      const html = await (await request.get(screen.publicPath)).text()
      expect(html.indexOf(second)).toBeGreaterThan(-1)
      expect(html.indexOf(second)).toBeLessThan(html.indexOf(first))

      // Down to the last place: the pressed button is disabled there, so focus moves to its neighbour.
      await page.getByRole('button', { name: `Move ${second} down` }).click()
      await expect.poll(lastTwo).toEqual([first, second])
      await expect(items.nth(count - 1)).toContainText(second)
      await expect(page.getByRole('button', { name: `Move ${second} up` })).toBeFocused()

      // Down from the first place and back up.
      const top = items.first()
      const topName = (await top.getByRole('heading').innerText()).trim()
      await top.getByRole('button', { name: /Move .* down/ }).click()
      await expect(items.nth(1)).toContainText(topName)
      await page.getByRole('button', { name: `Move ${topName} up` }).click()
      await expect(items.first()).toContainText(topName)
      await expect(page.getByRole('button', { name: `Move ${topName} down` })).toBeFocused()
      // Two quick moves are saved one after the other, so the stored order ends as shown.
      await expect
        .poll(async () => {
          const list = (await (await page.request.get(`/api/${screen.table}`)).json()) as Array<
            Record<string, unknown>
          >
          return list[0][screen.nameField]
        })
        .toBe(topName)

      // An edit keeps the place. (Its save is waited for — the item leaves its "Editing" state — before the
      // items are deleted below: a save still on its way then found its item gone, a 404.)
      await page.getByRole('button', { name: `Edit ${first}` }).click()
      await expect(items.nth(count - 2)).toContainText('Editing')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(items.nth(count - 2)).not.toContainText('Editing')
      await expect(items.nth(count - 2)).toContainText(first)
    } finally {
      for (const id of ids) await page.request.delete(`/api/${screen.table}/${id}`)
    }
  })
}
