import type { ReactNode } from 'react'

/** The band that opens every inner page: its one h1 and an introduction. */
export function PageHero({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden bg-primary text-white">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_0%,rgb(255_255_255/0.18),transparent_45%),radial-gradient(circle_at_90%_110%,hsl(var(--secondary-h)_70%_var(--secondary-l)/0.35),transparent_40%)]"
        aria-hidden
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-black/0 to-black/25" aria-hidden />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 md:py-24">
        <h1 className="font-serif text-4xl font-bold tracking-tight text-balance md:text-5xl">{title}</h1>
        {intro ? (
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-white/85 md:text-xl">{intro}</p>
        ) : null}
      </div>
    </section>
  )
}
