import { CheckCircle2 } from '#app/components/site/icons.tsx'

/** What a visitor's click has done (subscribed, cancelled), read out as it appears. */
export function DoneNotice({ heading, text }: { heading: string; text: string }) {
  return (
    <div role="status" className="flex items-start gap-3">
      <CheckCircle2 className="mt-1 size-6 shrink-0 text-primary-text" aria-hidden />
      <div>
        <h2 className="font-serif text-2xl font-bold">{heading}</h2>
        <p className="mt-2 text-foreground/80">{text}</p>
      </div>
    </div>
  )
}
