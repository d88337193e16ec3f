import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.carousel_slides

export const listCarouselSlides = model.list
export const countCarouselSlides = model.count
export const createCarouselSlide = model.create
