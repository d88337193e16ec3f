import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.gallery_images

export const listGalleryImages = model.list
export const countGalleryImages = model.count
