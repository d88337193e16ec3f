// A real SMTP server in the test's own process (smtp-server), on a random 127.0.0.1 port: what it receives is
// parsed by mailparser, as a mail client would read it.
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'

export interface ReceivedMail {
  /** The SMTP envelope: who the client said it was sending to (RCPT TO), whatever the headers say. */
  envelope: { from: string | null; to: string[] }
  mail: ParsedMail
  /** The header's addresses, flattened. */
  from: Array<{ name: string; address: string }>
  to: Array<{ name: string; address: string }>
  replyTo: Array<{ name: string; address: string }>
}

export interface TestSmtpServer {
  port: number
  /** `smtp://…` for SMTP_URL (with the user and password when the server asks for them). */
  url: string
  received: ReceivedMail[]
  /** Resolves once `count` e-mails have arrived (rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>
  /** Stops listening (connections are refused) until start() is called again. */
  stop: () => Promise<void>
  /** Listens again, on the same port. */
  start: () => Promise<void>
  /** The next connections are held before the greeting until the returned function is called. */
  stall: () => () => void
  /** RCPT TO this address is answered with `response` (`550 5.1.1 No such user`) until refused again with null. */
  refuse: (address: string, response: string | null) => void
}

function addresses(value: AddressObject | AddressObject[] | undefined) {
  const list = value ? (Array.isArray(value) ? value : [value]) : []
  return list.flatMap((object) =>
    object.value.map((entry) => ({ name: entry.name ?? '', address: entry.address ?? '' })),
  )
}

/** Starts an SMTP server; with `auth`, it refuses mail from a client that has not signed in with them. */
export async function startSmtpServer({
  auth,
  port = 0,
}: { auth?: { user: string; password: string }; port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  let stalled: Array<() => void> | null = null
  const refused = new Map<string, string>()

  const options: SMTPServerOptions = {
    logger: false,
    // Plain SMTP on 127.0.0.1: no certificate to make, and nodemailer then never tries STARTTLS.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(session, _info, callback) {
      const { username, password } = session as unknown as { username: string; password: string }
      if (auth && username === auth.user && password === auth.password) callback(null, { user: username })
      else callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }))
    },
    onConnect(_session, callback) {
      if (stalled) stalled.push(() => callback())
      else callback()
    },
    onRcptTo(address, _session, callback) {
      const response = refused.get(address.address.toLowerCase())
      if (!response) return callback()
      const [, code, message] = /^(\d{3})\s+(.*)$/.exec(response)!
      callback(Object.assign(new Error(message), { responseCode: Number(code) }))
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            mail,
            from: addresses(mail.from),
            to: addresses(mail.to),
            replyTo: addresses(mail.replyTo),
          })
          for (const wake of waiters.splice(0)) wake()
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  }
  // With auth, every SMTPServer of this helper shares one (so start() after stop() keeps it).
  let server = new SMTPServer(options)
  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(at, '127.0.0.1', () => {
        const address = server.server.address()
        resolve(typeof address === 'object' && address ? address.port : at)
      })
    })
  const actualPort = await listen(port)
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : ''

  return {
    port: actualPort,
    url: `smtp://${credentials}127.0.0.1:${actualPort}`,
    received,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer)
            resolve(received)
            return true
          }
          return false
        }
        const timer = setTimeout(
          () =>
            reject(new Error(`Expected ${count} e-mail(s) within ${timeoutMs} ms, got ${received.length}`)),
          timeoutMs,
        )
        if (check()) return
        const wait = () => {
          if (!check()) waiters.push(wait)
        }
        waiters.push(wait)
      })
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const release of stalled ?? []) release()
        stalled = null
        server.close(() => resolve())
      }),
    async start() {
      server = new SMTPServer(options)
      await listen(actualPort)
    },
    refuse(address, response) {
      if (response) refused.set(address.toLowerCase(), response)
      else refused.delete(address.toLowerCase())
    },
    stall() {
      stalled = []
      return () => {
        for (const release of stalled ?? []) release()
        stalled = null
      }
    },
  }
}
