import { expect, test } from 'vitest'

import { assertPasswordAllowed, passwordProblem, WeakPasswordError } from './password-policy.server.ts'

test('a password of 10 or more characters that is not a common one is allowed', () => {
  for (const password of [
    'correct-horse-battery-staple',
    'Gloria in excelsis',
    'a1b2c3d4e5f6',
    'x'.repeat(9) + 'y',
  ]) {
    expect(passwordProblem(password), password).toBeNull()
  }
})

test('fewer than 10 characters or more than 128 are refused, saying how many it needs', () => {
  expect(passwordProblem('Abc!12345')).toMatch(/at least 10 characters/)
  expect(passwordProblem('')).toMatch(/at least 10 characters/)
  expect(passwordProblem('a'.repeat(100) + 'b'.repeat(29))).toMatch(/at most 128 characters/)
})

test('common passwords are refused whatever their case, and so is one character repeated', () => {
  for (const password of [
    '1234567890',
    'password123',
    'QWERTYUIOP',
    'iloveyou12',
    'Basketball',
    'zzzzzzzzzzzz',
  ]) {
    expect(passwordProblem(password), password).toMatch(/most common/)
  }
})

test('the e-mail address, or its name part, is refused as a password', () => {
  const email = 'secretary.office@example.org'
  expect(passwordProblem('Secretary.Office@example.org', { email })).toMatch(/not your e-mail address/)
  expect(passwordProblem('secretary.office', { email })).toMatch(/not your e-mail address/)
  expect(passwordProblem('secretary.office!', { email })).toBeNull()
})

test('assertPasswordAllowed throws the reason as a WeakPasswordError', () => {
  expect(() => assertPasswordAllowed('short')).toThrow(WeakPasswordError)
  expect(() => assertPasswordAllowed('short')).toThrow(/at least 10 characters/)
  expect(() => assertPasswordAllowed('a-long-enough-phrase')).not.toThrow()
})
