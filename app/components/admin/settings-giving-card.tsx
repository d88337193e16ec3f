import { CheckCircle2, CircleAlert, HandCoins } from 'lucide-react'

import { Button } from '#app/components/ui/button.tsx'
import type { GivingSettings } from '#app/schemas/settings.ts'
import { CardField, CardHeading, cardClasses, guardedForm } from './settings-card.tsx'
import { useSettingsFetcher } from './use-settings-fetcher.ts'

/** Giving (issue 49): what Stripe still needs, and the bank transfer details shown on the giving page. */
export function GivingCard({ missing, bank }: { missing: string[]; bank: GivingSettings }) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-giving')
  const fields = [
    { name: 'account_name', label: 'Account name', value: bank.account_name },
    { name: 'iban', label: 'IBAN', value: bank.iban },
    { name: 'bic', label: 'BIC', value: bank.bic },
    { name: 'reference', label: 'Reference to quote', value: bank.reference },
    {
      name: 'charity_number',
      label: 'Charity number (CHY or RCN: on receipts and the CHY3)',
      value: bank.charity_number,
    },
    {
      name: 'presets',
      label: 'Amounts offered, in euro (such as 10, 25, 50, 100)',
      value: bank.presets?.join(', ') ?? null,
    },
  ] as const
  return (
    <section aria-labelledby="settings-giving" className={cardClasses}>
      <CardHeading id="settings-giving" icon={HandCoins} title="Giving" />
      {missing.length === 0 ? (
        <p className="mb-4 flex items-start gap-2 text-sm text-gray-700">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>Giving online is on: the giving page sends givers to Stripe&rsquo;s secure page.</span>
        </p>
      ) : (
        <div className="mb-4 flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            Giving online is off: the giving page shows only the bank transfer details below. It needs{' '}
            {missing.join(', ')} (see the README: connecting Stripe).
          </p>
        </div>
      )}
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="giving" />
        {fields.map((field) => (
          <CardField
            // A new value from the server (after a save) replaces what is shown.
            key={`${field.name} ${field.value ?? ''}`}
            id={`settings-giving-${field.name}`}
            label={field.label}
            name={field.name}
            type="text"
            defaultValue={field.value ?? ''}
            error={failure?.fields?.[field.name]}
          />
        ))}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save bank details'}
        </Button>
      </fetcher.Form>
    </section>
  )
}
