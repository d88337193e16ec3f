import { Users } from 'lucide-react'

import { LeadershipMemberSchema } from './schema.ts'
import { declareTable, defineContent, listScreen } from '../declare.ts'
import { imageAltField } from '#app/lib/admin-fields.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'

/** The pastors and leaders, in the order staff give them: on the About page and the home page. */
export const leadership = defineContent({
  name: 'leadership',
  tables: {
    leadership_team: declareTable({
      schema: LeadershipMemberSchema,
      kind: 'list',
      order: 'position',
      translate: ['name', 'role', 'bio', 'image_alt'],
      richText: ['bio'],
      public: true,
    }),
  },
  admin: {
    path: 'leadership',
    label: 'Leadership',
    icon: Users,
    area: 'content',
    screen: listScreen('leadership_team', LeadershipMemberSchema, {
      title: 'Leadership',
      description: 'The leadership team on the About and home pages, shown in this order.',
      noun: 'Leader',
      listHeading: 'Leadership Team',
      emptyText: 'No leaders added yet',
      toasts: {
        created: 'Leader added successfully',
        updated: 'Leader updated successfully',
        deleted: 'Leader removed successfully',
        saveFailed: 'Failed to save leader',
        deleteFailed: 'Failed to remove leader',
        reordered: 'Leadership team order updated',
        reorderFailed: 'Failed to update order',
      },
      fields: [
        { kind: 'text', name: 'name', label: 'Name', placeholder: 'Pastor John Mathew', half: true },
        { kind: 'text', name: 'role', label: 'Role', placeholder: 'Senior Pastor', half: true },
        { kind: 'image', name: 'image_url', label: 'Photo' },
        imageAltField({ fallback: 'the name' }),
        { kind: 'rich-text', name: 'bio', label: 'Bio' },
      ],
      describe: (leader) => ({
        title: leader.name,
        meta: [leader.role],
        excerpt: htmlToText(leader.bio),
        image: { url: leader.image_url },
      }),
      view: (_leader, pagePath) => `${pagePath('about')}#leadership`,
    }),
  },
})
