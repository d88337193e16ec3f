// Shared steps of the admin browser tests.
import crypto from 'node:crypto'

import type { Page } from '@playwright/test'

import { insertAdministrator } from '../people.ts'
import { expect } from './fixtures.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { messageKeys } from '#app/content/messages/message-keys.ts'

/** A name no other test uses, so tests sharing a worker's server never act on each other's data. */
export function unique(prefix: string) {
  return `${prefix} ${crypto.randomBytes(4).toString('hex')}`
}

/** Waits for the toast with exactly this text. */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible()
}

/** The red box of the form. */
export function formAlert(page: Page) {
  return page.locator('form [role="alert"]')
}

/** Opens an admin page and waits until it is interactive. */
export async function openAdmin(page: Page, path: string) {
  await page.goto(path)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** Types into a rich-text field (the TipTap editor labelled `label`). */
export async function typeRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true })
  await editor.click()
  await page.keyboard.type(text)
}

/** Stores contact messages straight in the server's database, with the dates the test needs. */
export async function insertMessages(
  server: { dataDir: string; databaseUrl?: string },
  messages: Array<{
    first_name: string
    last_name: string
    email: string
    phone?: string | null
    subject?: string | null
    message: string
    created_at: string
  }>,
) {
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  try {
    await db.kysely
      .insertInto('contact_messages')
      .values(
        messages.map((message) => ({
          phone: null,
          subject: null,
          ...message,
          ...messageKeys({ subject: null, ...message }),
          id: crypto.randomUUID(),
        })),
      )
      .execute()
  } finally {
    await db.close()
  }
}

/**
 * Opts a test in to the browser's own console line for a request the server refused on purpose (a 4xx form
 * post, by default; or those `refused` matches): call it at the end of the test, after checking the refusal.
 */
export function allowRefusedRequests(
  consoleErrors: string[],
  refused = /^error: Failed to load resource: the server responded with a status of 4\d\d/,
) {
  for (let index = consoleErrors.length - 1; index >= 0; index--) {
    if (refused.test(consoleErrors[index])) consoleErrors.splice(index, 1)
  }
}

/** A person of the test's own (so a test that changes a password or switches on two-step leaves others alone). */
export async function createPerson(
  server: { dataDir: string; databaseUrl?: string },
  prefix = 'person',
): Promise<{ email: string; password: string }> {
  const person = {
    email: `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.org`,
    password: `a long passphrase ${crypto.randomBytes(3).toString('hex')}`,
  }
  await insertAdministrator(server, person)
  return person
}
