import type { Route } from './+types/admin.ts'
import { type AdminField, imageAltField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import {
  createGalleryImage,
  deleteGalleryImage,
  listGalleryImages,
  updateGalleryImage,
} from './model.server.ts'
import { GALLERY_CATEGORIES, GalleryImageSchema } from './schema.ts'
import { gallery } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Image added successfully',
  updated: 'Image updated successfully',
  deleted: 'Image deleted successfully',
  saveFailed: 'Failed to save image',
  deleteFailed: 'Failed to delete image',
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'Easter Sunday' },
  {
    kind: 'select',
    name: 'category',
    label: 'Category',
    required: true,
    options: [
      { value: '', label: 'Choose a category' },
      ...GALLERY_CATEGORIES.map((category) => ({ value: category, label: capitalize(category) })),
    ],
  },
  { kind: 'image', name: 'image_url', label: 'Image', required: true },
  imageAltField({ required: true }),
]

export const meta = () => adminMeta('Gallery')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listGalleryImages({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createGalleryImage, update: updateGalleryImage, delete: deleteGalleryImage },
    TOASTS,
    () => pagePath('gallery'),
  )
}

export default function GalleryScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Gallery"
      description="Photos of church life, filed by category on the Gallery page."
      noun="Image"
      listHeading="Current Images"
      emptyText="No images added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={GalleryImageSchema}
      translate={gallery.tables.gallery_images.translate}
      saveFailedToast={TOASTS.saveFailed}
      describe={(image) => ({
        title: image.title,
        badge: capitalize(image.category),
        image: { url: image.image_url },
      })}
    />
  )
}
