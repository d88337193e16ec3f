import { singleModels } from '#app/models/content-models.server.ts'

export const getAboutUs = singleModels.about_us.get
export const saveAboutUs = singleModels.about_us.save
