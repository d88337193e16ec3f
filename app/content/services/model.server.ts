import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.services

export const listServices = model.list
export const countServices = model.count
export const getService = model.get
export const createService = model.create
export const updateService = model.update
export const deleteService = model.delete
export const reorderServices = model.reorder!
