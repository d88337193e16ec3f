import { cn } from '#app/lib/cn.ts'

/** HTML from the admin's rich-text editor, already sanitised on the server (models on write, loaders on read). */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  if (!html) return null
  return <div className={cn('rich-text', className)} dangerouslySetInnerHTML={{ __html: html }} />
}
