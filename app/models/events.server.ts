import { contentModel } from './content-model.server.ts'
import { type Event, EventSchema } from '#app/schemas/event.ts'

const model = contentModel({
  table: 'events',
  schema: EventSchema,
  richText: ['description'],
  ordered: false,
  toRecord: (row): Event => ({ ...row, is_regular: Boolean(row.is_regular) }),
  toRow: (data) => ({ ...data, is_regular: data.is_regular ? 1 : 0 }),
})

export const listEvents = model.list
export const countEvents = model.count
export const getEvent = model.get
export const createEvent = model.create
export const updateEvent = model.update
export const deleteEvent = model.delete
