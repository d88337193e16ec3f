import { expect, test } from 'vitest'

import { ContactMessageSchema } from './schema.ts'

test('a contact message needs first name, last name, email and message', () => {
  const result = ContactMessageSchema.safeParse({ phone: '', subject: '' })
  expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
    first_name: 'First name is required',
    last_name: 'Last name is required',
    email: 'Email is required',
    message: 'Message is required',
  })
})

test('a contact message email must be valid; phone and subject are optional', () => {
  const base = { first_name: 'Mary', last_name: 'Murphy', message: 'Hello' }
  expect(ContactMessageSchema.safeParse({ ...base, email: 'mary@' }).error?.issues[0].message).toBe(
    'Enter a valid email address',
  )
  expect(ContactMessageSchema.parse({ ...base, email: ' mary@example.org ' })).toEqual({
    ...base,
    email: 'mary@example.org',
    phone: null,
    subject: null,
  })
})

test('a contact message drops fields it does not know, the honeypot included', () => {
  const data = ContactMessageSchema.parse({
    first_name: 'A',
    last_name: 'B',
    email: 'a@example.org',
    message: 'Hi',
    website: 'https://spam.example',
    id: 'chosen-id',
  })
  expect(data).not.toHaveProperty('website')
  expect(data).not.toHaveProperty('id')
})
