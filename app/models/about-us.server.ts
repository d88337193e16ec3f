import { singleRecordModel } from './single-record-model.server.ts'
import { type AboutUs, AboutUsSchema } from '#app/schemas/about-us.ts'

const model = singleRecordModel<typeof AboutUsSchema, AboutUs>({
  table: 'about_us',
  schema: AboutUsSchema,
  richText: ['mission', 'vision', 'values', 'history'],
})

export const getAboutUs = model.get
export const saveAboutUs = model.save
