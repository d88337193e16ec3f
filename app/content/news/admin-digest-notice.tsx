import { Megaphone } from 'lucide-react'
import { useFetcher } from 'react-router'

import { RichTextField } from '#app/components/admin/rich-text-field.tsx'
import { CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { NOTICE_MAX_CHARACTERS } from './schema.ts'

export interface NoticeData {
  languages: { language: string; name: string }[]
  html: Record<string, string>
  expires_on: string
}

/**
 * Staff's notice in the weekly news (issue 48): a few sentences in each of the site's languages, at the top of every
 * digest up to and including its last day. Emptying the texts removes it.
 */
export function DigestNoticeCard({ notice }: { notice: NoticeData }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'digest-notice' })
  const busy = fetcher.state !== 'idle'
  useResultToast(fetcher.data, fetcher.state === 'idle')
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  const fieldError = (name: string) => failure?.fields?.[name]
  return (
    <section aria-labelledby="digest-notice" className={cardClasses}>
      <CardHeading id="digest-notice" icon={Megaphone} title="Notice" />
      <p className="mb-4 text-sm text-gray-600">
        A few sentences at the top of the weekly news (at most {NOTICE_MAX_CHARACTERS} characters), until its
        last day. Empty the text to remove it.
      </p>
      <fetcher.Form method="post" className="space-y-4" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="digest-notice" />
        {failure && !failure.fields ? (
          <p role="alert" className="text-sm text-red-700">
            {failure.error}
          </p>
        ) : null}
        {notice.languages.map(({ language, name }) => {
          const field = `notice_${language}`
          const error = fieldError(field)
          return (
            <div key={language}>
              <RichTextField
                id={`digest-${field}`}
                name={field}
                label={notice.languages.length > 1 ? `Notice (${name})` : 'Notice'}
                required={false}
                defaultValue={notice.html[language] ?? ''}
                invalid={Boolean(error)}
                describedBy={error ? `digest-${field}-error` : undefined}
                lang={language}
              />
              {error ? (
                <p id={`digest-${field}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          )
        })}
        <div>
          <Label htmlFor="digest-notice-expires">Last day to show it</Label>
          <Input
            id="digest-notice-expires"
            type="date"
            name="notice_expires_on"
            defaultValue={notice.expires_on}
            aria-invalid={Boolean(fieldError('notice_expires_on')) || undefined}
            aria-describedby={fieldError('notice_expires_on') ? 'digest-notice-expires-error' : undefined}
            className="mt-1.5"
          />
          {fieldError('notice_expires_on') ? (
            <p id="digest-notice-expires-error" className="mt-1 text-sm text-red-700">
              {fieldError('notice_expires_on')}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save notice'}
        </Button>
      </fetcher.Form>
    </section>
  )
}
