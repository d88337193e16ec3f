import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.getting_here

export const listGettingHere = model.list
export const countGettingHere = model.count
export const getGettingHere = model.get
export const createGettingHere = model.create
export const updateGettingHere = model.update
export const deleteGettingHere = model.delete
export const reorderGettingHere = model.reorder!
