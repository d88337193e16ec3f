import { z } from 'zod'

import {
  coordinate,
  MEDIUM_TEXT_MAX_LENGTH,
  optionalImageUrl,
  optionalText,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
} from './fields.ts'

export const DEFAULT_LATITUDE = 51.8969
export const DEFAULT_LONGITUDE = -8.4863

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, {
    message: 'Enter a valid email address',
  })

const phone = (label: string) =>
  optionalText(label, 40).refine((value) => value === null || /^\+?[\d\s().-]{5,}$/.test(value), {
    message: `${label} must be a phone number, for example +353 21 123 4567`,
  })

export const ChurchInfoSchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
  address: optionalText('Address', MEDIUM_TEXT_MAX_LENGTH),
  email: optionalEmail,
  phone: phone('Phone'),
  whatsapp_number: phone('WhatsApp number'),
  logo_url: optionalImageUrl('Logo'),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
})

export type ChurchInfoInput = z.input<typeof ChurchInfoSchema>
export type ChurchInfoData = z.output<typeof ChurchInfoSchema>
export type ChurchInfo = ChurchInfoData & { id: string; created_at: string; updated_at: string }
