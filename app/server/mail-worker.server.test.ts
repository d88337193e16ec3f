import crypto from 'node:crypto'

import pino from 'pino'
import { describe, expect, test } from 'vitest'

import { systemClock } from '#app/lib/clock.ts'
import { parseSmtpUrl } from '#app/lib/mail-address.ts'
import { createSealer } from '#app/lib/seal.server.ts'
import { enqueueMail, mailProblems } from '#app/models/outbox.server.ts'
import { startSmtpServer } from '#tests/smtp-server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

import {
  CONNECTION_TIMEOUT_MS,
  mailErrorReason,
  mailSettings,
  POLL_MS,
  retryDelayMs,
  startMailWorker,
} from './mail-worker.server.ts'

test('retries come within a minute first, then grow: to 90 s while unreachable, to an hour after a 5xx', () => {
  expect([1, 2, 3, 4, 5, 10].map((attempts) => retryDelayMs(attempts, false) / 1000)).toEqual([
    15, 30, 60, 90, 90, 90,
  ])
  expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, true) / 1000)).toEqual([
    30, 120, 480, 1920, 3600,
  ])
})

test('however long the SMTP server was away, an e-mail goes out within two minutes of its return', () => {
  // The worst case: the server comes back just after a failed try. The next try is due retryDelayMs later, is
  // found by the worker's next poll, and may take a whole connection time to get through.
  for (let attempts = 1; attempts <= 2_000; attempts++) {
    expect(retryDelayMs(attempts, false) + POLL_MS + CONNECTION_TIMEOUT_MS).toBeLessThanOrEqual(2 * 60_000)
  }
})

test('the reason kept for a failure is the SMTP server’s own answer when it gave one', () => {
  expect(
    mailErrorReason({
      response: '535 5.7.8  Authentication\r\n failed',
      code: 'EAUTH',
      message: 'Invalid login',
    }),
  ).toBe('535 5.7.8 Authentication failed')
  expect(mailErrorReason({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toBe(
    'connect ECONNREFUSED 127.0.0.1:2525',
  )
  expect(mailErrorReason({ code: 'ETIMEDOUT', message: 'Greeting never received' })).toBe(
    'Greeting never received (ETIMEDOUT)',
  )
})

describe.each(testDatabases)('sealed e-mails, $name', (kind) => {
  test('one sealed under another secret is given up at once, saying why, and never sent', async () => {
    const db = await testDatabase(kind)
    const smtp = await startSmtpServer()
    await enqueueMail({
      db,
      mail: {
        to: 'secretary@example.org',
        subject: 'Your invitation',
        text: 'Choose your password: https://church.example/admin/invitation?token=abc',
        sealWith: createSealer('the-old-secret', 'outbox'),
      },
    })
    const worker = startMailWorker({
      db,
      settings: { smtp: parseSmtpUrl(smtp.url)!, from: { name: null, address: 'office@example.org' } },
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      siteAddress: { get: async () => 'https://church.example' },
      sealer: createSealer('the-new-secret', 'outbox'),
    })
    try {
      let problems
      for (let tries = 0; tries < 100; tries++) {
        problems = await mailProblems({ db, since: 0 })
        if (problems.failed > 0) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(problems).toMatchObject({
        retrying: 0,
        failed: 1,
        lastError: expect.stringMatching(/another server secret/),
      })
      expect(smtp.received).toEqual([])
    } finally {
      await worker.stop()
      await smtp.stop()
    }
  })

  test('an e-mail’s own headers go out as given, with the site’s address in its placeholder’s place, sealed until sent', async () => {
    const db = await testDatabase(kind)
    const smtp = await startSmtpServer()
    const sealer = createSealer('the-secret', 'outbox')
    const placeholder = 'https://site-address-0123456789abcdef.invalid'
    const unsubscribe = `${placeholder}/news/unsubscribe?token=abc-DEF_123`
    await enqueueMail({
      db,
      mail: {
        to: 'reader@example.org',
        subject: 'This week',
        text: `Unsubscribe: ${unsubscribe}`,
        sealWith: sealer,
        sitePlaceholder: placeholder,
        headers: {
          'List-Id': 'Weekly news <news.church.example>',
          'List-Unsubscribe': `<${unsubscribe}>, <mailto:office@church.example?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    })
    const stored = await db.kysely.selectFrom('outbox').select('headers').executeTakeFirstOrThrow()
    expect(stored.headers).not.toContain('token=')
    const worker = startMailWorker({
      db,
      settings: { smtp: parseSmtpUrl(smtp.url)!, from: { name: null, address: 'office@example.org' } },
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      siteAddress: { get: async () => 'https://church.example' },
      sealer,
    })
    try {
      const [received] = await smtp.waitFor(1)
      // Header names are case-blind (nodemailer writes List-ID); their values are compared as they travelled.
      const header = (name: string) =>
        received.mail.headerLines
          .find((line) => line.key === name)
          ?.line.replace(/^[^:]+:\s*/, '')
          .replace(/\r?\n[ \t]+/g, ' ')
      expect(header('list-id')).toBe('Weekly news <news.church.example>')
      expect(header('list-unsubscribe')).toBe(
        '<https://church.example/news/unsubscribe?token=abc-DEF_123>, <mailto:office@church.example?subject=unsubscribe>',
      )
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      // Once sent, nothing of the token is left in the outbox.
      for (let tries = 0; tries < 100; tries++) {
        const row = await db.kysely
          .selectFrom('outbox')
          .select(['sent_at', 'headers'])
          .executeTakeFirstOrThrow()
        if (row.sent_at) {
          expect(row.headers).toBeNull()
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await worker.stop()
      await smtp.stop()
    }
  })

  test('with DKIM set, every e-mail is signed by the server, the signature covering both unsubscribe headers', async () => {
    const db = await testDatabase(kind)
    const smtp = await startSmtpServer()
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    await enqueueMail({
      db,
      mail: {
        to: 'reader@example.org',
        subject: 'This week',
        text: 'The news',
        headers: {
          'List-Id': 'Weekly news <news.church.example>',
          'List-Unsubscribe': '<https://church.example/news/unsubscribe?token=abc>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    })
    const worker = startMailWorker({
      db,
      settings: mailSettings({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@church.example',
        DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        DKIM_SELECTOR: 'lampstand',
        DKIM_DOMAIN: 'church.example',
      })!,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      siteAddress: { get: async () => 'https://church.example' },
      sealer: createSealer('the-secret', 'outbox'),
    })
    try {
      const [received] = await smtp.waitFor(1)
      const signature = received!.mail.headerLines
        .find((line) => line.key === 'dkim-signature')
        ?.line.replace(/\r?\n[ \t]+/g, ' ')
      expect(signature).toMatch(/\bd=church\.example;/)
      expect(signature).toMatch(/\bs=lampstand;/)
      const signed = /\bh=([^;]+);/.exec(signature!)![1]!.replace(/\s+/g, '').toLowerCase().split(':')
      expect(signed).toEqual(
        expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
      )
    } finally {
      await worker.stop()
      await smtp.stop()
    }
  })
})
