import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.gallery_images

export const listGalleryImages = model.list
export const countGalleryImages = model.count
export const getGalleryImage = model.get
export const createGalleryImage = model.create
export const updateGalleryImage = model.update
export const deleteGalleryImage = model.delete
