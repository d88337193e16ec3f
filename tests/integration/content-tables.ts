// The list tables every content-write suite walks (content-write.test.ts, content-crud.test.ts).
import { LIST_TABLE_FACTORIES, type ListTable } from '../factories.ts'

export const LIST_TABLES = Object.keys(LIST_TABLE_FACTORIES) as ListTable[]

/**
 * What each list table answers to an empty body: its required fields and their messages
 * (docs/specification.md §5).
 */
export const REQUIRED_FIELDS: Record<ListTable, Record<string, string>> = {
  services: { name: 'Name is required' },
  events: { title: 'Title is required' },
  ministries: { name: 'Name is required' },
  gallery_images: {
    title: 'Title is required',
    category: 'Category is required',
    image_url: 'Please upload an image',
    image_alt: 'Image description is required',
  },
  carousel_slides: {
    title: 'Title is required',
    image_url: 'Please upload an image',
    image_alt: 'Image description is required',
  },
  leadership_team: { name: 'Name is required', role: 'Role is required' },
  getting_here: {
    transport_type: 'Transport type is required',
    title: 'Title is required',
    description: 'Description is required',
  },
  sermons: { title: 'Title is required', preached_on: 'Date preached is required' },
  sermon_series: { title: 'Title is required' },
  funds: { name: 'Name is required' },
  speakers: { name: 'Name is required' },
}
