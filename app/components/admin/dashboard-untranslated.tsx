import { Languages } from 'lucide-react'
import { Link } from 'react-router'

import { LanguageLabel } from './language-label.tsx'

/**
 * The items whose words the site's other languages still show in the main one, by screen, each opening in its
 * form on the tab of the language it lacks (issue 28).
 */
export function Untranslated({
  others,
  count,
  screens,
}: {
  others: string[]
  count: number
  screens: Array<{
    label: string
    to: string
    count: number
    items: Array<{ id: string; title: string; to: string; missing: string[] }>
  }>
}) {
  const languages = others.map((code, index) => (
    <span key={code}>
      {index === 0 ? null : index === others.length - 1 ? ' and ' : ', '}
      <LanguageLabel code={code} />
    </span>
  ))
  return (
    <section
      aria-labelledby="untranslated"
      className="mt-6 rounded-lg border border-gray-200 bg-white shadow-xs"
    >
      <div className="border-b border-gray-200 px-5 py-4">
        <h2 id="untranslated" className="flex items-center gap-2 font-semibold text-gray-950">
          <Languages aria-hidden="true" className="size-5 text-primary" />
          {count === 0
            ? 'Every item is translated'
            : count === 1
              ? '1 item needs a translation'
              : `${count} items need a translation`}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {count === 0 ? (
            <>Everything written in the main language is also in {languages}.</>
          ) : (
            <>
              Until they are translated, their {languages} pages show these words in the main language. Each
              opens in its form on the language’s tab.
            </>
          )}
        </p>
      </div>
      {count === 0 ? null : (
        <ul className="grid gap-x-6 gap-y-5 px-5 py-4 sm:grid-cols-2 lg:grid-cols-3">
          {screens.map((screen) => (
            <li key={screen.to}>
              <h3 className="text-sm font-semibold text-gray-900">
                {screen.label} <span className="font-normal text-gray-600">({screen.count})</span>
              </h3>
              <ul className="mt-1.5 space-y-1 text-sm">
                {screen.items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={item.to}
                      className="font-medium text-primary underline-offset-2 hover:underline"
                    >
                      {item.title}
                    </Link>
                    {others.length > 1 ? (
                      <span className="text-gray-600"> — {item.missing.join(', ')}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              {screen.count > screen.items.length ? (
                <Link
                  to={screen.to}
                  className="mt-1.5 inline-block text-sm font-medium text-gray-700 underline underline-offset-2 hover:no-underline"
                >
                  and {screen.count - screen.items.length} more in {screen.label}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
