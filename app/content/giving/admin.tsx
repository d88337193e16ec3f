import { Receipt } from 'lucide-react'
import { Link } from 'react-router'

import type { Route } from './+types/admin.ts'
import { adminSession, sessionMayUse } from '#app/auth/session.server.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen, type CrudWords } from '#app/components/admin/crud-screen.tsx'
import { pagePath } from '#app/content/registry.ts'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { giving } from './content.ts'
import { createFund, deleteFund, listFunds, reorderFunds, updateFund } from './model.server.ts'
import { FundSchema } from './schema.ts'

const TOASTS = {
  created: 'Fund added successfully',
  updated: 'Fund updated successfully',
  deleted: 'Fund deleted successfully',
  saveFailed: 'Failed to save the fund',
  deleteFailed: 'Failed to delete the fund',
  reordered: 'Order updated successfully',
  reorderFailed: 'Failed to update order',
}

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, placeholder: 'Building fund', half: true },
  {
    kind: 'select',
    name: 'open',
    label: 'Offered on the giving page',
    options: [
      { value: 'true', label: 'Open: givers may choose it' },
      { value: 'false', label: 'Closed: kept for its past gifts' },
    ],
    half: true,
  },
  { kind: 'textarea', name: 'description', label: 'Description', rows: 3 },
]

export const meta = () => adminMeta('Funds')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  // Treasurers and administrators reach the tax reclaim from here.
  const taxYear = sessionMayUse(adminSession(context), 'giving')
  return { items: await listFunds({ db: runtime.db }), taxYear }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createFund, update: updateFund, delete: deleteFund, reorder: reorderFunds },
    TOASTS,
    () => pagePath('give'),
  )
}

/** The screen's wording (its toasts are the action's too). */
const WORDS: CrudWords = {
  title: 'Funds',
  description: 'What a gift may be given to, in this order on the giving page.',
  noun: 'Fund',
  listHeading: 'Funds',
  emptyText: 'No funds yet: the giving page needs at least one open fund',
  toasts: TOASTS,
}

export default function FundsScreen({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.taxYear ? (
        <Link
          to="/admin/funds/tax-year"
          className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <Receipt aria-hidden="true" className="size-4" />
          Tax year: the reclaim on gifts
        </Link>
      ) : null}
      <CrudScreen
        words={WORDS}
        items={loaderData.items}
        fields={FIELDS}
        schema={FundSchema}
        translate={giving.tables.funds.translate}
        ordered
        describe={(fund) => ({
          title: fund.name,
          badge: fund.open ? 'Open' : 'Closed',
          excerpt: fund.description ?? '',
        })}
      />
    </>
  )
}
