import type { ReactNode } from 'react'

/**
 * A settings card's list of people (subscribers, registrations): a row per person running the card's full width,
 * or a line saying why there is none.
 */
export function CardList({ empty, children }: { empty: ReactNode | null; children: ReactNode }) {
  if (empty !== null) return <p className="py-8 text-center text-sm text-gray-600">{empty}</p>
  return <ul className="-mx-5 divide-y divide-gray-100 border-t border-gray-100 sm:-mx-6">{children}</ul>
}

/** One person in a `CardList`: who they are beside, or above on a narrow card, what can be done with them. */
export function CardListRow({ details, actions }: { details: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-wrap items-start gap-x-6 gap-y-2 px-5 py-3 text-sm sm:px-6">
      <div className="min-w-0 flex-1 basis-56">{details}</div>
      {actions}
    </li>
  )
}
