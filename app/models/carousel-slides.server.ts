import { contentModel } from './content-model.server.ts'
import { type CarouselSlide, CarouselSlideSchema } from '#app/schemas/carousel-slide.ts'

const model = contentModel({
  table: 'carousel_slides',
  schema: CarouselSlideSchema,
  richText: [],
  ordered: true,
  toRecord: (row): CarouselSlide => ({ ...row }),
  toRow: (data) => ({ ...data }),
})

export const listCarouselSlides = model.list
export const getCarouselSlide = model.get
export const createCarouselSlide = model.create
export const updateCarouselSlide = model.update
export const deleteCarouselSlide = model.delete
export const reorderCarouselSlides = model.reorder
