import type { Route } from './+types/admin.ts'
import { type AdminField, imageAltField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import {
  createLeadershipMember,
  deleteLeadershipMember,
  listLeadershipTeam,
  reorderLeadershipTeam,
  updateLeadershipMember,
} from './model.server.ts'
import { LeadershipMemberSchema } from './schema.ts'
import { leadership } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Leader added successfully',
  updated: 'Leader updated successfully',
  deleted: 'Leader removed successfully',
  saveFailed: 'Failed to save leader',
  deleteFailed: 'Failed to remove leader',
  reordered: 'Leadership team order updated',
  reorderFailed: 'Failed to update order',
}

const FIELDS: AdminField[] = [
  {
    kind: 'text',
    name: 'name',
    label: 'Name',
    required: true,
    placeholder: 'Pastor John Mathew',
    half: true,
  },
  { kind: 'text', name: 'role', label: 'Role', required: true, placeholder: 'Senior Pastor', half: true },
  { kind: 'image', name: 'image_url', label: 'Photo' },
  imageAltField({ fallback: 'the name' }),
  { kind: 'rich-text', name: 'bio', label: 'Bio' },
]

export const meta = () => adminMeta('Leadership')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listLeadershipTeam({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    {
      create: createLeadershipMember,
      update: updateLeadershipMember,
      delete: deleteLeadershipMember,
      reorder: reorderLeadershipTeam,
    },
    TOASTS,
    () => `${pagePath('about')}#leadership`,
  )
}

export default function LeadershipScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Leadership"
      description="The leadership team on the About and home pages, shown in this order."
      noun="Leader"
      listHeading="Leadership Team"
      emptyText="No leaders added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={LeadershipMemberSchema}
      translate={leadership.tables.leadership_team.translate}
      saveFailedToast={TOASTS.saveFailed}
      ordered
      describe={(leader) => ({
        title: leader.name,
        meta: [leader.role],
        excerpt: htmlToText(leader.bio),
        image: { url: leader.image_url },
      })}
    />
  )
}
