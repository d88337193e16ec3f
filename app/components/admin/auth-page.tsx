import { Church, type LucideIcon } from 'lucide-react'

/**
 * The frame of the pages before signing in: sign-in and its second step, forgotten password, choosing a
 * password. `footer` goes under the card, above "Back to the website" (left out with `backToWebsite={false}`).
 */
export function AuthPage({
  title,
  description,
  icon: Icon = Church,
  children,
  footer,
  backToWebsite = true,
}: {
  title: string
  description?: React.ReactNode
  icon?: LucideIcon
  children: React.ReactNode
  footer?: React.ReactNode
  backToWebsite?: boolean
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12 text-gray-900">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary text-white">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">{children}</div>
        <div className="mt-6 space-y-2 text-center text-sm">
          {footer}
          {backToWebsite ? (
            <p>
              <a href="/" className="text-gray-600 underline-offset-4 hover:text-gray-900 hover:underline">
                Back to the website
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </main>
  )
}
