import { contentModel } from './content-model.server.ts'
import { type Service, ServiceSchema } from '#app/schemas/service.ts'

const model = contentModel({
  table: 'services',
  schema: ServiceSchema,
  richText: ['description'],
  ordered: false,
  toRecord: (row): Service => ({ ...row }),
  toRow: (data) => ({ ...data }),
})

export const listServices = model.list
export const countServices = model.count
export const getService = model.get
export const createService = model.create
export const updateService = model.update
export const deleteService = model.delete
