import { z } from 'zod'

import { booleanField, optionalImageUrl, optionalText, requiredText, RICH_TEXT_MAX_LENGTH } from './fields.ts'

export const EventSchema = z.object({
  title: requiredText('Title'),
  description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
  date: optionalText('Date', 100),
  time: optionalText('Time', 100),
  location: optionalText('Location', 500),
  image_url: optionalImageUrl(),
  is_regular: booleanField,
})

export type EventData = z.output<typeof EventSchema>
export type Event = EventData & { id: string; created_at: string; updated_at: string }
