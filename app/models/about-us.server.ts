import { singleModels } from './content-models.server.ts'

export const getAboutUs = singleModels.about_us.get
export const saveAboutUs = singleModels.about_us.save
