import { HandCoins, Landmark, ReceiptEuro } from 'lucide-react'

import { FundSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/**
 * Giving through the church's own Stripe account (issue 49): the funds a gift may go to, the giving page (Stripe's
 * hosted Checkout takes the card or IBAN: no such field is ever on our pages), its thanks page, Stripe's webhook
 * and the gifts' API for treasurers and administrators. Gifts, donors and Stripe's events are not content: they
 * have their own model (model.server.ts) and are never public.
 */
export const giving = defineContent({
  name: 'giving',
  tables: {
    funds: declareTable({
      schema: FundSchema,
      kind: 'list',
      order: 'position',
      translate: ['name', 'description'],
      richText: [],
      booleans: ['open'],
      public: true,
    }),
  },
  admin: {
    path: 'funds',
    file: 'content/giving/admin.tsx',
    label: 'Funds',
    icon: HandCoins,
    area: 'content',
    more: [
      // Treasurers and administrators only (each route checks): the gifts, a donor's, and their CSV.
      {
        path: 'gifts',
        file: 'content/giving/admin-gifts.tsx',
        section: { label: 'Gifts', icon: ReceiptEuro, area: 'giving' },
      },
      { path: 'gifts/export', file: 'content/giving/gifts-export.route.ts' },
      // The tax reclaim (treasurers and administrators): the year's donors, certificates, the claim and a CHY3 to
      // send a donor without one.
      {
        path: 'funds/tax-year',
        file: 'content/giving/tax-admin.tsx',
        section: { label: 'Tax year', icon: Landmark, area: 'giving' },
      },
      { path: 'funds/tax-year/chy3/:donorId', file: 'content/giving/tax-chy3.tsx' },
    ],
  },
  pages: {
    give: {
      path: 'give',
      file: 'content/giving/give-page.tsx',
      nav: 'Give',
      navWhen: 'giving',
      meta: {
        title: 'Give',
        description:
          'Give to {church} online by card, Apple Pay, Google Pay or SEPA Direct Debit, once or monthly, or by bank transfer.',
        shows: ['funds'],
      },
    },
    'give-thanks': { path: 'give/thanks', file: 'content/giving/thanks-page.tsx' },
  },
  api: [
    { path: 'stripe/webhook', file: 'content/giving/webhook.route.ts' },
    { path: 'gifts', file: 'content/giving/gifts-api.route.ts' },
    { path: 'gifts/:id', file: 'content/giving/gifts-api.$id.route.ts' },
    { path: 'giving/certificates', file: 'content/giving/tax-api.certificates.route.ts' },
    { path: 'giving/certificates/:id', file: 'content/giving/tax-api.certificates.$id.route.ts' },
    { path: 'giving/tax-years/:year', file: 'content/giving/tax-api.year.route.ts' },
    { path: 'giving/tax-years/:year/claim.csv', file: 'content/giving/tax-api.claim.route.ts' },
    { path: 'giving/portal', file: 'content/giving/portal.route.ts' },
  ],
})
