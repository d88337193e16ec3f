import { contentModel } from './content-model.server.ts'
import { type GalleryImage, GalleryImageSchema } from '#app/schemas/gallery-image.ts'

const model = contentModel({
  table: 'gallery_images',
  schema: GalleryImageSchema,
  richText: [],
  ordered: false,
  toRecord: (row): GalleryImage => ({ ...row }),
  toRow: (data) => ({ ...data }),
})

export const listGalleryImages = model.list
export const countGalleryImages = model.count
export const getGalleryImage = model.get
export const createGalleryImage = model.create
export const updateGalleryImage = model.update
export const deleteGalleryImage = model.delete
