import { singleModels } from './content-models.server.ts'

export const getChurchInfo = singleModels.church_info.get
export const saveChurchInfo = singleModels.church_info.save
