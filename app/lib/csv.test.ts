import { expect, test } from 'vitest'

import { csvCell, csvRow } from './csv.ts'

test('csvCell quotes every cell and doubles quotes, keeping commas and line breaks inside', () => {
  expect(csvCell('Seán Ó Briain')).toBe('"Seán Ó Briain"')
  expect(csvCell('He said "hello", twice\nthen left')).toBe('"He said ""hello"", twice\nthen left"')
  expect(csvCell(null)).toBe('""')
  expect(csvCell(3)).toBe('"3"')
})

test('csvCell makes cells a spreadsheet would run as formulas plain text (CSV injection)', () => {
  for (const formula of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
    expect(csvCell(formula)).toMatch(/^"'/)
  }
  expect(csvCell('=1+1')).toBe(`"'=1+1"`)
  expect(csvCell('a = b')).toBe('"a = b"')
})

test('csvRow ends with CRLF', () => {
  expect(csvRow(['a', 'b'])).toBe('"a","b"\r\n')
})
