// A test file whose server sends e-mail: one SMTP server in the test's own process and one production server
// pointed at it, each per worker (the tests of such a file share the server's mail and run one after another).
import { test as base } from './fixtures.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, TEST_ADMIN, type TestServer } from '../test-server.ts'

/** Playwright's `test` with `smtp` (what the server sent) and a `server` whose environment adds `env`. */
export function testWithMail(env: Record<string, string>) {
  return base.extend<object, { smtp: TestSmtpServer; server: TestServer }>({
    smtp: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const smtp = await startSmtpServer()
        await use(smtp)
        await smtp.stop()
      },
      { scope: 'worker' },
    ],
    server: [
      async ({ smtp }, use) => {
        const server = await startServer({
          publicUrl: true,
          templateDir: process.env.LAMPSTAND_TEMPLATE_DIR,
          admin: TEST_ADMIN,
          env: { SMTP_URL: smtp.url, ...env },
        })
        await use(server)
        await server.stop()
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  })
}
