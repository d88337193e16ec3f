import { z } from 'zod'

import { optionalText, orderField, requiredText, RICH_TEXT_MAX_LENGTH } from '#app/schemas/fields.ts'

export const SERVICE_TYPES = ['regular', 'special'] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const ServiceSchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
  day: optionalText('Day', 100),
  time: optionalText('Time', 100),
  type: z
    .enum(SERVICE_TYPES, { error: 'Type must be regular or special' })
    .nullish()
    .transform((value) => value ?? 'regular'),
  location: optionalText('Location', 500),
  order: orderField.optional(),
})

export type ServiceData = z.output<typeof ServiceSchema>
export type Service = ServiceData & { id: string; created_at: string; updated_at: string }
