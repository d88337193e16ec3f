import { cn } from '#app/lib/cn.ts'

/** HTML from the admin's rich-text editor, already sanitised on the server (models on write, loaders on read). */
export function RichText({
  html,
  className,
  lang,
}: {
  html: string | null | undefined
  className?: string
  /** The text's language where it differs from the page's (an untranslated field: issue 28). */
  lang?: string
}) {
  if (!html) return null
  return <div className={cn('rich-text', className)} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
}
