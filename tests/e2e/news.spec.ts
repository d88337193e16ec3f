import type { Page } from '@playwright/test'

import { en } from '#app/i18n/en/catalogue.ts'
import { ml } from '#app/i18n/ml/catalogue.ts'
import type { ReceivedMail } from '../smtp-server.ts'
import { ADMIN, expect, expectNoAxeViolations } from './fixtures.ts'
import { testWithMail } from './mail-fixtures.ts'

// Weekly news by e-mail (issue 48) as a visitor meets it, in both languages: signing up (from a page's footer, or
// the news page), confirming with the button of the page the e-mail's link opens, the weekly e-mail itself, and
// unsubscribing from its link. The server's e-mails arrive at a real SMTP server in the test's process.

const test = testWithMail({ MAIL_FROM: 'Parish Office <office@example.org>' })

test.describe.configure({ mode: 'serial' })
// Each page is checked by axe at two widths, on two cores shared with other work.
test.slow()

const SCREENSHOTS = process.env.SCREENSHOT_DIR

/** axe at a phone's width and a desktop's, with screenshots of both when SCREENSHOT_DIR is set. */
async function checkWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

const linkOf = (mail: ReceivedMail, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`https?://\\S+/news/${page}\\?token=[\\w-]+`).exec(mail.mail.text ?? '')![0]

const READERS = { en: 'aoife.news@example.org', ml: 'anil.news@example.org' }

async function confirmFromMail(page: Page, mail: ReceivedMail, words: typeof en.news, name: string) {
  await page.goto(linkOf(mail, 'confirm'))
  await expect(page.getByRole('heading', { name: words.confirmTitle })).toBeVisible()
  await checkWidths(page, `news-confirm-${name}`)
  await page.getByRole('button', { name: words.confirmButton }).click()
  await expect(page.getByRole('heading', { name: words.confirmedTitle })).toBeVisible()
  await checkWidths(page, `news-confirmed-${name}`)
}

test('A visitor signs up from a page’s footer in English and on the Malayalam news page, and confirms each from the e-mail', async ({
  page,
  smtp,
}) => {
  // From the footer of the events page: a plain form, answered on the news page.
  await page.goto('/events')
  const footer = page.getByRole('contentinfo').getByRole('region', { name: en.news.title })
  await footer.getByLabel(en.news.email).fill(READERS.en)
  await footer.getByLabel(en.news.name).fill('Aoife')
  await footer.getByRole('button', { name: en.news.submit }).click()
  await expect(page).toHaveURL(/\/news$/)
  await expect(page.getByRole('status')).toHaveText(en.news.sent)
  await checkWidths(page, 'news-sent-en')
  const [english] = await smtp.waitFor(1)
  expect(english!.envelope.to).toEqual([READERS.en])
  await confirmFromMail(page, english!, en.news, 'en')

  // The Malayalam news page's own form.
  await page.goto('/ml/news')
  await checkWidths(page, 'news-ml')
  const form = page.getByRole('form', { name: ml.news.form })
  await form.getByLabel(ml.news.email).fill(READERS.ml)
  // The contact form's timing rule: a person takes a few seconds to fill it in.
  await page.waitForTimeout(3_000)
  await form.getByRole('button', { name: ml.news.submit }).click()
  await expect(page.getByRole('status')).toHaveText(ml.news.sent)
  const malayalam = (await smtp.waitFor(2))[1]!
  expect(malayalam.envelope.to).toEqual([READERS.ml])
  expect(malayalam.mail.subject).toContain(ml.news.mail.subject.split(':')[0])
  await confirmFromMail(page, malayalam, ml.news, 'ml')
})

test('Each subscriber gets the weekly news in their language and unsubscribes from its link', async ({
  page,
  smtp,
}) => {
  await page.request.post('/api/auth/sign-in/email', { data: ADMIN })
  const sent = await page.request.post('/api/subscribers/digest/send-now')
  expect(sent.status(), await sent.text()).toBe(200)
  await page.context().clearCookies()
  const digests = (await smtp.waitFor(4, 30_000)).slice(2)
  for (const [language, words] of [
    ['en', en.news],
    ['ml', ml.news],
  ] as const) {
    const digest = digests.find((mail) => mail.envelope.to.includes(READERS[language]))!
    expect(digest.mail.text).toContain(words.digest.unsubscribe)
    // The e-mail as a mail program shows it.
    await page.setContent(String(digest.mail.html))
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      if (SCREENSHOTS) {
        await page.screenshot({ path: `${SCREENSHOTS}/news-email-${language}-${width}.png`, fullPage: true })
      }
    }
    await page.goto(linkOf(digest, 'unsubscribe'))
    await expect(page.getByRole('heading', { name: words.unsubscribeTitle })).toBeVisible()
    await checkWidths(page, `news-unsubscribe-${language}`)
    await page.getByRole('button', { name: words.unsubscribeButton }).click()
    await expect(page.getByRole('heading', { name: words.unsubscribedTitle })).toBeVisible()
    await checkWidths(page, `news-unsubscribed-${language}`)
  }
  await page.request.post('/api/auth/sign-in/email', { data: ADMIN })
  const left = await page.request.get('/api/subscribers?status=unsubscribed')
  expect(((await left.json()) as Array<{ email: string }>).map((row) => row.email).sort()).toEqual([
    READERS.ml,
    READERS.en,
  ])
})
