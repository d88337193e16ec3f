import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.carousel_slides

export const listCarouselSlides = model.list
export const countCarouselSlides = model.count
export const getCarouselSlide = model.get
export const createCarouselSlide = model.create
export const updateCarouselSlide = model.update
export const deleteCarouselSlide = model.delete
export const reorderCarouselSlides = model.reorder!
