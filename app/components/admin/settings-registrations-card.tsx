import { Ticket } from 'lucide-react'

import { Button } from '#app/components/ui/button.tsx'
import { REGISTRATION_KEPT_DAYS_MAX } from '#app/schemas/settings.ts'
import { CardCheckbox, CardField, CardHeading, cardClasses, guardedForm } from './settings-card.tsx'
import { useSettingsFetcher } from './use-settings-fetcher.ts'

/** How long event registrations are kept, and whether editors see them and the weekly news' subscribers. */
export function RegistrationsCard({
  keptDays,
  editorsManage,
  editorsManageSubscribers,
}: {
  keptDays: number
  editorsManage: boolean
  editorsManageSubscribers: boolean
}) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-registrations')
  return (
    <section aria-labelledby="settings-registrations" className={cardClasses}>
      <CardHeading id="settings-registrations" icon={Ticket} title="Event registrations" />
      <p className="mb-4 text-sm text-gray-600">
        People who sign up for an event give their name and e-mail address. Their registrations are erased by
        themselves this many days after the event; the privacy policy on the website says so.
      </p>
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="registrations" />
        <CardField
          id="settings-registration-days"
          label="Erase registrations after the event (days)"
          name="registration_kept_days"
          type="number"
          inputMode="numeric"
          min={1}
          max={REGISTRATION_KEPT_DAYS_MAX}
          required
          key={keptDays}
          defaultValue={keptDays}
          error={failure?.fields?.registration_kept_days ?? failure?.error}
          className="mt-1.5 w-32"
        />
        <CardCheckbox
          id="settings-editors-registrations"
          name="editors_manage_registrations"
          key={`registrations ${editorsManage}`}
          defaultChecked={editorsManage}
        >
          Editors may see and manage registrations (otherwise only administrators)
        </CardCheckbox>
        <CardCheckbox
          id="settings-editors-subscribers"
          name="editors_manage_subscribers"
          key={`subscribers ${editorsManageSubscribers}`}
          defaultChecked={editorsManageSubscribers}
        >
          Editors may see and manage the weekly news’ subscribers too (otherwise only administrators)
        </CardCheckbox>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save registration settings'}
        </Button>
      </fetcher.Form>
    </section>
  )
}
