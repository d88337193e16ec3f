import { contentModel } from './content-model.server.ts'
import { type Ministry, MinistrySchema } from '#app/schemas/ministry.ts'

function parseActivities(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

const model = contentModel({
  table: 'ministries',
  schema: MinistrySchema,
  richText: ['description'],
  ordered: false,
  toRecord: (row): Ministry => ({ ...row, activities: parseActivities(row.activities) }),
  toRow: (data) => ({ ...data, activities: JSON.stringify(data.activities) }),
})

export const listMinistries = model.list
export const countMinistries = model.count
export const getMinistry = model.get
export const createMinistry = model.create
export const updateMinistry = model.update
export const deleteMinistry = model.delete
