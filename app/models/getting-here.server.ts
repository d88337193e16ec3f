import { contentModel } from './content-model.server.ts'
import { type GettingHere, GettingHereSchema } from '#app/schemas/getting-here.ts'

const model = contentModel({
  table: 'getting_here',
  schema: GettingHereSchema,
  richText: ['description'],
  ordered: true,
  toRecord: (row): GettingHere => ({ ...row }),
  toRow: (data) => ({ ...data }),
})

export const listGettingHere = model.list
export const getGettingHere = model.get
export const createGettingHere = model.create
export const updateGettingHere = model.update
export const deleteGettingHere = model.delete
export const reorderGettingHere = model.reorder
