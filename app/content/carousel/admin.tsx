import type { Route } from './+types/admin.ts'
import { type AdminField, imageAltField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import {
  createCarouselSlide,
  deleteCarouselSlide,
  listCarouselSlides,
  reorderCarouselSlides,
  updateCarouselSlide,
} from './model.server.ts'
import { CarouselSlideSchema } from './schema.ts'
import { carousel } from './content.ts'

const TOASTS = {
  created: 'Slide added successfully',
  updated: 'Slide updated successfully',
  deleted: 'Slide deleted successfully',
  saveFailed: 'Failed to save slide',
  deleteFailed: 'Failed to delete slide',
  reordered: 'Slide order updated',
  reorderFailed: 'Failed to update slide order',
}

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'Welcome Home' },
  { kind: 'text', name: 'subtitle', label: 'Subtitle', placeholder: 'A warm welcome for everyone' },
  { kind: 'image', name: 'image_url', label: 'Image', required: true, hint: 'A wide photo looks best.' },
  imageAltField({ required: true }),
]

export const meta = () => adminMeta('Carousel')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listCarouselSlides({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    {
      create: createCarouselSlide,
      update: updateCarouselSlide,
      delete: deleteCarouselSlide,
      reorder: reorderCarouselSlides,
    },
    TOASTS,
    () => '/',
  )
}

export default function CarouselScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Carousel"
      description="The slides at the top of the home page, shown in this order."
      noun="Slide"
      listHeading="Current Slides"
      emptyText="No slides added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={CarouselSlideSchema}
      translate={carousel.tables.carousel_slides.translate}
      saveFailedToast={TOASTS.saveFailed}
      ordered
      describe={(slide) => ({
        title: slide.title,
        meta: [slide.subtitle],
        image: { url: slide.image_url },
      })}
    />
  )
}
