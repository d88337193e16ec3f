import { expect, test } from 'vitest'
import { z } from 'zod'

import {
  booleanField,
  coordinate,
  fieldErrors,
  optionalImageUrl,
  optionalText,
  orderField,
  requiredImageUrl,
  requiredText,
} from './fields.ts'

test('requiredText trims and says the label is required when empty, blank or missing', () => {
  const schema = requiredText('Title', 10)
  expect(schema.parse('  Easter  ')).toBe('Easter')
  for (const value of ['', '   ', undefined, null]) {
    expect(schema.safeParse(value).error?.issues[0].message).toBe('Title is required')
  }
  expect(schema.safeParse('x'.repeat(11)).error?.issues[0].message).toBe(
    'Title must be at most 10 characters',
  )
  // Sent, but not as text: said so, not "required".
  expect(schema.safeParse(5).error?.issues[0].message).toBe('Title must be text')
})

test('optionalText turns empty, blank, null and missing into null', () => {
  const schema = optionalText('Subtitle')
  for (const value of ['', '   ', null, undefined]) expect(schema.parse(value)).toBeNull()
  expect(schema.parse(' Sundays ')).toBe('Sundays')
  expect(schema.safeParse(42).error?.issues[0].message).toBe('Subtitle must be text')
})

test('an optional key may be left out of an object entirely', () => {
  const schema = z.object({
    subtitle: optionalText('Subtitle'),
    latitude: coordinate(-90, 90),
    flag: booleanField,
    image_url: optionalImageUrl(),
  })
  expect(schema.parse({})).toEqual({ subtitle: null, latitude: null, flag: false, image_url: null })
})

test('coordinate parses decimals from numbers and text; empty, unparsable or out of range is null', () => {
  const latitude = coordinate(-90, 90)
  expect(latitude.parse(51.8969)).toBe(51.8969)
  expect(latitude.parse('51.8969')).toBe(51.8969)
  expect(latitude.parse('  -8.4863 ')).toBe(-8.4863)
  expect(latitude.parse('-90')).toBe(-90)
  expect(latitude.parse('51,8969')).toBe(51.8969)
  expect(latitude.parse('+.5')).toBe(0.5)
  const unparsable = ['51.8 N', '0x10', '1e1', '51,896,9', '51.89.69', '-', '.']
  for (const value of [
    '',
    '   ',
    'north',
    'NaN',
    'Infinity',
    null,
    undefined,
    90.0001,
    '-91',
    ...unparsable,
  ]) {
    expect(latitude.parse(value), String(value)).toBeNull()
  }
})

test('booleanField reads JSON booleans and form values', () => {
  for (const value of [true, 'on', 'true', 'TRUE', '1', 'yes', 1])
    expect(booleanField.parse(value), String(value)).toBe(true)
  for (const value of [false, 'off', 'false', '0', '', 0, null, undefined]) {
    expect(booleanField.parse(value), String(value)).toBe(false)
  }
})

test('requiredImageUrl asks for an upload when empty and accepts uploads and bundled images', () => {
  const schema = requiredImageUrl()
  for (const value of ['', '  ', undefined, null]) {
    expect(schema.safeParse(value).error?.issues[0].message).toBe('Please upload an image')
  }
  for (const value of ['/media/abc-1600.webp', '/images/default-event.jpg']) {
    expect(schema.parse(value)).toBe(value)
  }
})

test('image addresses refuse other hosts, other schemes, relative paths and traversal', () => {
  const schema = optionalImageUrl('Logo')
  for (const value of [
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    '//evil.example/a.png',
    'media/a.png',
    '/uploads/a.png',
    '/media/../auth-secret',
    '/media/a b.png',
    'https://',
    'https://cdn.example/p.jpg',
    'http://x.example/a.png',
  ]) {
    expect(schema.safeParse(value).error?.issues[0].message, value).toBe(
      'Logo must be an image uploaded to this site',
    )
  }
  expect(schema.parse('')).toBeNull()
})

test('orderField takes whole numbers from 1, also as text', () => {
  expect(orderField.parse(3)).toBe(3)
  expect(orderField.parse('4')).toBe(4)
  expect(orderField.safeParse(1.5).error?.issues[0].message).toBe('Order must be a whole number')
  expect(orderField.safeParse(0).error?.issues[0].message).toBe('Order must be 1 or more')
  expect(orderField.safeParse('first').success).toBe(false)
})

test('fieldErrors keeps the first message of each field and names object-level problems "form"', () => {
  const schema = z.object({ name: requiredText('Name', 3), nested: z.object({ value: z.number() }) })
  const result = schema.safeParse({ name: 'too long', nested: { value: 'x' } })
  expect(fieldErrors(result.error!)).toEqual({
    name: 'Name must be at most 3 characters',
    'nested.value': expect.any(String),
  })
  expect(fieldErrors(schema.safeParse('not an object').error!)).toEqual({ form: expect.any(String) })
})
