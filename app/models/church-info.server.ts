import { singleRecordModel } from './single-record-model.server.ts'
import { type ChurchInfo, ChurchInfoSchema } from '#app/schemas/church-info.ts'

const model = singleRecordModel<typeof ChurchInfoSchema, ChurchInfo>({
  table: 'church_info',
  schema: ChurchInfoSchema,
  richText: ['description'],
})

export const getChurchInfo = model.get
export const saveChurchInfo = model.save
