// npm run admin -- create EMAIL [--password P]
// Creates that administrator, or resets its password; asks for the password (twice, hidden) when not given.
// npm run admin -- two-step-off EMAIL
// Switches off that person's two-step sign-in (they lost the phone and the backup codes).
import readline from 'node:readline'
import { Writable } from 'node:stream'

import { upsertAdministrator } from '#app/auth/auth.server.ts'
import { clearAccountThrottle } from '#app/auth/sign-in-throttle.server.ts'
import { switchOffTwoStepFor } from '#app/auth/two-step.server.ts'
import { readEnv } from '#app/env.server.ts'
import { openRuntime } from '#app/runtime.server.ts'

const USAGE =
  'Usage: npm run admin -- create EMAIL [--password PASSWORD]\n       npm run admin -- two-step-off EMAIL'

function askHidden(question: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk)
      callback()
    },
  })
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true })
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
    muted = true
  })
}

async function main() {
  const [command, email, ...rest] = process.argv.slice(2)
  if (command === 'two-step-off' && email && !email.startsWith('--')) {
    const runtime = await openRuntime(readEnv({ ...process.env, LOG_LEVEL: 'warn' }))
    try {
      if (!(await switchOffTwoStepFor(runtime, email))) {
        console.error(`Nobody signs in with ${email}`)
        process.exitCode = 1
      } else console.log(`Switched off two-step sign-in for ${email}: the password alone signs in now`)
    } finally {
      await runtime.close()
    }
    return
  }
  if (command !== 'create' || !email || email.startsWith('--')) {
    console.error(USAGE)
    process.exit(2)
  }
  const flag = rest.indexOf('--password')
  let password = flag >= 0 ? rest[flag + 1] : undefined
  if (flag >= 0 && !password) {
    console.error(USAGE)
    process.exit(2)
  }
  if (!password) {
    if (!process.stdin.isTTY) {
      console.error('No terminal to ask for the password: pass --password PASSWORD')
      process.exit(2)
    }
    password = await askHidden(`Password for ${email}: `)
    const again = await askHidden('Repeat the password: ')
    if (password !== again) {
      console.error('The passwords do not match')
      process.exit(1)
    }
  }
  // The operator's tool never loads demo content; it only makes sure the schema is there.
  const env = readEnv({ ...process.env, LOG_LEVEL: 'warn' })
  const runtime = await openRuntime(env)
  try {
    const { created, changed, promoted } = await upsertAdministrator(runtime, { email, password })
    // Whoever runs this can reach the server: a lock from failed sign-ins on this account ends here.
    await clearAccountThrottle({ db: runtime.db, email })
    if (created) console.log(`Created the administrator ${email}`)
    else console.log(changed ? `Reset the password of ${email}` : `${email} already has this password`)
    if (promoted) console.log(`${email} is an administrator now`)
  } finally {
    await runtime.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
