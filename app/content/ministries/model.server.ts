import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.ministries

export const listMinistries = model.list
export const countMinistries = model.count
export const getMinistry = model.get
export const createMinistry = model.create
export const updateMinistry = model.update
export const deleteMinistry = model.delete
export const reorderMinistries = model.reorder!
