import { expect, test } from 'vitest'

import { ServiceSchema } from './schema.ts'

test('a service needs a name', () => {
  expect(ServiceSchema.safeParse({ name: ' ' }).error?.issues[0]).toMatchObject({
    path: ['name'],
    message: 'Name is required',
  })
})

test('a service type is regular or special, regular when left out', () => {
  expect(ServiceSchema.parse({ name: 'Vigil', type: 'special' }).type).toBe('special')
  expect(ServiceSchema.parse({ name: 'Mass' }).type).toBe('regular')
  expect(ServiceSchema.parse({ name: 'Mass', type: null }).type).toBe('regular')
  for (const type of ['weekly', 'Regular', '', 1]) {
    expect(ServiceSchema.safeParse({ name: 'x', type }).error?.issues[0].message, String(type)).toBe(
      'Type must be regular or special',
    )
  }
})
