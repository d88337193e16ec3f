import { expect, test } from 'vitest'

import { IMAGE_WIDTHS, variantWidths } from './images.server.ts'

test('variantWidths gives the three standard widths for a large image', () => {
  expect(IMAGE_WIDTHS).toEqual([480, 960, 1600])
  expect(variantWidths(4000)).toEqual([480, 960, 1600])
  expect(variantWidths(1600)).toEqual([480, 960, 1600])
})

test('variantWidths never upscales: the original width is the largest variant', () => {
  expect(variantWidths(1200)).toEqual([480, 960, 1200])
  expect(variantWidths(961)).toEqual([480, 960, 961])
  expect(variantWidths(960)).toEqual([480, 960])
  expect(variantWidths(800)).toEqual([480, 800])
  expect(variantWidths(480)).toEqual([480])
  expect(variantWidths(300)).toEqual([300])
  expect(variantWidths(1)).toEqual([1])
})

test('variantWidths are strictly increasing and never exceed the original or 1600', () => {
  for (let width = 1; width <= 5000; width += 37) {
    const widths = variantWidths(width)
    expect(widths.at(-1)).toBe(Math.min(width, 1600))
    for (let index = 1; index < widths.length; index += 1)
      expect(widths[index]).toBeGreaterThan(widths[index - 1])
  }
})
