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
})
