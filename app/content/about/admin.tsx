import type { Route } from './+types/admin.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { SingleRecordForm } from '#app/components/admin/single-record-form.tsx'
import { runtimeContext } from '#app/context.ts'
import { singleRecordAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { getAboutUs, saveAboutUs } from './model.server.ts'
import { AboutUsSchema } from './schema.ts'
import { about } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  saved: 'About Us content updated successfully',
  failed: 'Failed to update About Us content',
}

const FIELDS: AdminField[] = [
  { kind: 'rich-text', name: 'history', label: 'History', required: true, hint: 'Shown as “Our Story”.' },
  { kind: 'image', name: 'image_url', label: 'Image', hint: 'Shown beside the story.' },
  { kind: 'rich-text', name: 'mission', label: 'Mission', required: true },
  { kind: 'rich-text', name: 'vision', label: 'Vision', required: true },
  { kind: 'rich-text', name: 'values', label: 'Values', required: true },
]

export const meta = () => adminMeta('About Us')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { aboutUs: await getAboutUs({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return singleRecordAction(args, saveAboutUs, TOASTS, pagePath('about'))
}

export default function AboutScreen({ loaderData }: Route.ComponentProps) {
  return (
    <SingleRecordForm
      title="About Us"
      description="The story, mission, vision and values on the About page."
      formTitle="About Us Content"
      fields={FIELDS}
      values={loaderData.aboutUs ?? {}}
      schema={AboutUsSchema}
      translate={about.tables.about_us.translate}
      failToast={TOASTS.failed}
    />
  )
}
