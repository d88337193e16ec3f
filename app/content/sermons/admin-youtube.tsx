import { RefreshCw, Video } from 'lucide-react'
import { useFetcher } from 'react-router'

import { CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { cn } from '#app/lib/cn.ts'

const ACTION = '/admin/sermons/youtube'

export interface YoutubeCheckView {
  /** When, in words ('26 Nov 2026, 09:00'). */
  when: string
  problem: string | null
  imported: number
}

/**
 * The YouTube import: the church's channel, and "Check now". Once a day the server reads the channel's public
 * list of videos and makes each new one a draft sermon.
 */
export function YoutubeImportCard({
  address,
  check,
}: {
  address: string | null
  check: YoutubeCheckView | null
}) {
  const save = useFetcher<AdminActionResult>({ key: 'youtube-channel' })
  const now = useFetcher<AdminActionResult>({ key: 'youtube-check' })
  useResultToast(save.data, save.state === 'idle')
  useResultToast(now.data, now.state === 'idle')
  const saving = save.state !== 'idle'
  const checking = now.state !== 'idle'
  const failure = save.data && !save.data.ok ? save.data : null
  const error = failure?.fields?.youtube_channel
  return (
    <section aria-labelledby="youtube-import" className={cardClasses}>
      <CardHeading id="youtube-import" icon={Video} title="Sermons from YouTube" />
      <p className="mb-4 text-sm text-gray-600">
        Once a day the website looks at the church&rsquo;s YouTube channel and makes each new video a draft
        sermon, with its title, date, video and picture. Add the series, speaker and scripture, then publish
        it.
      </p>
      <save.Form method="post" action={ACTION} className="space-y-3" {...guardedForm(saving)}>
        <input type="hidden" name="intent" value="channel" />
        <div>
          <Label htmlFor="youtube-channel">YouTube channel</Label>
          <Input
            id="youtube-channel"
            name="youtube_channel"
            key={address ?? ''}
            defaultValue={address ?? ''}
            placeholder="https://www.youtube.com/channel/UC…"
            aria-describedby={cn('youtube-channel-hint', error && 'youtube-channel-error')}
            aria-invalid={error ? true : undefined}
            className="mt-1.5"
            spellCheck={false}
          />
          {error ? (
            <p id="youtube-channel-error" className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <p id="youtube-channel-hint" className="mt-1.5 text-sm text-gray-600">
            The channel&rsquo;s address with /channel/ in it, or its channel ID (it starts with UC). Leave it
            empty to stop importing.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save channel'}
          </Button>
          {address ? (
            <Button
              type="button"
              variant="outline"
              disabled={checking}
              onClick={() => void now.submit({ intent: 'check' }, { method: 'post', action: ACTION })}
            >
              <RefreshCw aria-hidden="true" />
              {checking ? 'Checking...' : 'Check now'}
            </Button>
          ) : null}
        </div>
      </save.Form>
      {address && check ? (
        check.problem ? (
          <p
            role="status"
            className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            The channel could not be read on {check.when}: {check.problem}.
          </p>
        ) : (
          <p role="status" className="mt-4 text-sm text-gray-700">
            Last checked {check.when}:{' '}
            {check.imported === 0
              ? 'no new videos.'
              : `${check.imported} new ${check.imported === 1 ? 'draft' : 'drafts'}.`}
          </p>
        )
      ) : null}
    </section>
  )
}
