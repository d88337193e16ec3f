import { listModels } from './content-models.server.ts'

const model = listModels.events

export const listEvents = model.list
export const countEvents = model.count
export const getEvent = model.get
export const createEvent = model.create
export const updateEvent = model.update
export const deleteEvent = model.delete
