import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.getting_here

export const listGettingHere = model.list
