import { HandHeart } from 'lucide-react'

import { MinistrySchema } from './schema.ts'
import { declareTable, defineContent, listScreen } from '../declare.ts'
import { imageAltField } from '#app/lib/admin-fields.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'

/** The ministries, in the order staff give them: the Ministries page and the home page. */
export const ministries = defineContent({
  name: 'ministries',
  tables: {
    ministries: declareTable({
      schema: MinistrySchema,
      kind: 'list',
      order: 'position',
      // `activities` is a list: its translation is kept as text, one activity per line.
      translate: ['name', 'description', 'activities', 'image_alt'],
      richText: ['description'],
      json: ['activities'],
      public: true,
    }),
  },
  admin: {
    path: 'ministries',
    label: 'Ministries',
    icon: HandHeart,
    area: 'content',
    screen: listScreen('ministries', MinistrySchema, {
      title: 'Ministries',
      description:
        "The church's ministries and their activities, shown on the Ministries and home pages, in this order.",
      noun: 'Ministry',
      listHeading: 'Current Ministries',
      emptyText: 'No ministries added yet',
      toasts: {
        created: 'Ministry added successfully',
        updated: 'Ministry updated successfully',
        deleted: 'Ministry deleted successfully',
        saveFailed: 'Failed to save ministry',
        deleteFailed: 'Failed to delete ministry',
        reordered: 'Ministries order updated',
        reorderFailed: 'Failed to update order',
      },
      fields: [
        { kind: 'text', name: 'name', label: 'Name', placeholder: 'Youth Ministry' },
        { kind: 'rich-text', name: 'description', label: 'Description' },
        {
          kind: 'lines',
          name: 'activities',
          label: 'Activities',
          rows: 5,
          placeholder: 'Friday youth night\nSummer camp',
          hint: 'One activity per line; blank lines are left out.',
        },
        { kind: 'image', name: 'image_url', label: 'Image' },
        imageAltField({ fallback: 'the ministry’s name' }),
      ],
      describe: (ministry) => ({
        title: ministry.name,
        meta: [
          ministry.activities.length
            ? `${ministry.activities.length} ${ministry.activities.length === 1 ? 'activity' : 'activities'}`
            : null,
        ],
        excerpt: htmlToText(ministry.description),
        image: { url: ministry.image_url },
      }),
      view: (ministry, pagePath) => `${pagePath('ministries')}#${ministry.id}`,
    }),
  },
  pages: {
    ministries: {
      path: 'ministries',
      file: 'content/ministries/page.tsx',
      nav: 'Ministries',
      meta: {
        title: 'Ministries',
        description:
          "The ministries of {church}: children, youth, worship, prayer, women's fellowship and outreach. Find your place to serve.",
        shows: ['ministries'],
      },
    },
  },
})
