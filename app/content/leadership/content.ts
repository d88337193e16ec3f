import { Users } from 'lucide-react'

import { LeadershipMemberSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

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
    file: 'content/leadership/admin.tsx',
    label: 'Leadership',
    icon: Users,
    area: 'content',
  },
})
