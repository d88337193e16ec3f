import { ExternalLink } from 'lucide-react'
import { toast } from 'sonner'

/**
 * The toast after a save; with `view`, it offers the public page that shows what was saved, in a new tab (the
 * admin stays as it was).
 */
export function successToast(message: string, view?: string) {
  if (!view) return toast.success(message)
  return toast.success(message, {
    action: (
      <a
        href={view}
        target="_blank"
        rel="noopener"
        className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-md border border-green-700/30 bg-white px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-green-800"
      >
        View on website
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ),
  })
}
