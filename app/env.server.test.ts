import { expect, test } from 'vitest'

import { readEnv } from './env.server.ts'

test('readEnv gives the documented defaults for an empty environment', () => {
  const env = readEnv({})
  expect(env).toMatchObject({
    PORT: 3000,
    HOST: '0.0.0.0',
    DATA_DIR: './data',
    SEED_DEMO: true,
    TRUST_PROXY: false,
    CONTACT_RATE_LIMIT: 5,
    UPLOAD_SPEED_LIMIT: 4,
    secureCookies: false,
  })
  expect(env.dataDir).toMatch(/[/\\]data$/)
  expect(env.DATABASE_URL).toBeUndefined()
  expect(env.PUBLIC_URL).toBeUndefined()
})

test('readEnv treats empty strings as unset', () => {
  const env = readEnv({
    DATABASE_URL: '',
    PUBLIC_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    AUTH_SECRET: '',
    LOG_FORMAT: '',
    UPLOAD_SPEED_LIMIT: '',
  })
  expect(env.DATABASE_URL).toBeUndefined()
  expect(env.ADMIN_EMAIL).toBeUndefined()
  expect(env.LOG_FORMAT).toBeUndefined()
  // Left empty, the default pace; 0 turns it off.
  expect(env.UPLOAD_SPEED_LIMIT).toBe(4)
  expect(readEnv({ UPLOAD_SPEED_LIMIT: '0' }).UPLOAD_SPEED_LIMIT).toBe(0)
})

test('readEnv reads PostgreSQL URLs, booleans and an https PUBLIC_URL (secure cookies)', () => {
  const env = readEnv({
    DATABASE_URL: 'postgresql://user@db/church',
    PUBLIC_URL: 'https://church.example',
    SEED_DEMO: 'no',
    TRUST_PROXY: '1',
    PORT: '8080',
  })
  expect(env).toMatchObject({ PORT: 8080, SEED_DEMO: false, TRUST_PROXY: true, secureCookies: true })
  expect(readEnv({ PUBLIC_URL: 'http://church.example' }).secureCookies).toBe(false)
})

test.each([
  ['PORT', 'abc'],
  ['PORT', '70000'],
  ['PORT', '-1'],
  ['DATABASE_URL', 'mysql://x'],
  ['DATABASE_URL', '/var/lib/church.db'],
  ['PUBLIC_URL', 'church.example'],
  ['PUBLIC_URL', 'ftp://church.example'],
  ['ADMIN_EMAIL', 'not-an-email'],
  ['AUTH_SECRET', 'short'],
  ['LOG_LEVEL', 'loud'],
  ['LOG_FORMAT', 'text'],
  ['CONTACT_RATE_LIMIT', '0'],
  ['CONTACT_RATE_LIMIT', 'many'],
  ['SEED_DEMO', 'maybe'],
  ['TRUST_PROXY', 'sometimes'],
  ['NODE_ENV', 'staging'],
])('readEnv refuses %s=%s with a message naming the variable', (name, value) => {
  const extra = name === 'ADMIN_EMAIL' ? { ADMIN_PASSWORD: 'long-enough-password' } : {}
  expect(() => readEnv({ [name]: value, ...extra })).toThrow(
    new RegExp(`Invalid environment:\\n\\s+${name}: `),
  )
})

test('readEnv wants ADMIN_EMAIL and ADMIN_PASSWORD together, and a password of 8 to 128 characters', () => {
  expect(() => readEnv({ ADMIN_EMAIL: 'a@example.org' })).toThrow(
    /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD/,
  )
  expect(() => readEnv({ ADMIN_PASSWORD: 'long-enough' })).toThrow(
    /ADMIN_EMAIL: ADMIN_EMAIL and ADMIN_PASSWORD/,
  )
  expect(() => readEnv({ ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: 'short' })).toThrow(
    /ADMIN_PASSWORD: must be at least 8 characters/,
  )
})

test('readEnv lists every bad variable at once', () => {
  expect(() => readEnv({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT: .*\n\s+LOG_LEVEL: /s)
})

test('readEnv reads the Stripe keys, and Stripe’s own API address unless another is given', () => {
  const unset = readEnv({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })
  expect(unset.STRIPE_SECRET_KEY).toBeUndefined()
  expect(unset.STRIPE_WEBHOOK_SECRET).toBeUndefined()
  expect(unset.STRIPE_API_URL).toBe('https://api.stripe.com')
  const set = readEnv({
    STRIPE_SECRET_KEY: 'sk_test_51abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_API_URL: 'http://127.0.0.1:12111',
  })
  expect(set).toMatchObject({
    STRIPE_SECRET_KEY: 'sk_test_51abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_API_URL: 'http://127.0.0.1:12111',
  })
  expect(() => readEnv({ STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(
    /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
  )
})

test('readEnv paces the weekly news at 25 a minute and 1,500 a day unless told, and takes DKIM whole or not at all', () => {
  expect(readEnv({})).toMatchObject({ DIGEST_RATE: 25, DIGEST_DAILY_LIMIT: 1500 })
  expect(readEnv({ DIGEST_RATE: '2', DIGEST_DAILY_LIMIT: '' })).toMatchObject({
    DIGEST_RATE: 2,
    DIGEST_DAILY_LIMIT: 1500,
  })
  expect(() => readEnv({ DIGEST_RATE: '0' })).toThrow(/DIGEST_RATE/)
  const key = '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----'
  const dkim = readEnv({ DKIM_PRIVATE_KEY: key, DKIM_SELECTOR: 'lampstand', DKIM_DOMAIN: 'church.example' })
  // A key given on one line with `\n` for its breaks gets them back.
  expect(dkim.DKIM_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----')
  expect(() => readEnv({ DKIM_PRIVATE_KEY: key, DKIM_DOMAIN: 'church.example' })).toThrow(/DKIM_SELECTOR/)
  expect(() => readEnv({ DKIM_PRIVATE_KEY: 'secret', DKIM_SELECTOR: 's', DKIM_DOMAIN: 'a.b' })).toThrow(
    /DKIM_PRIVATE_KEY/,
  )
})
