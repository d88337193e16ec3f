import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.ministries

export const listMinistries = model.list
export const countMinistries = model.count
