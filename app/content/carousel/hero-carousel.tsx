import { Pause, Play } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'

import { SiteImage } from '#app/components/site/site-image.tsx'
import type { ImageSource } from '#app/lib/images.ts'
import { Data } from '#app/islands/markup.ts'

export const CAROUSEL_DELAY_MS = 4000

export interface HeroSlide {
  id: string
  title: string
  subtitle: string | null
  image: ImageSource
  /** What the picture shows, for people who cannot see it. */
  alt: string
  /** Fields shown in the main language on a page in another (issue 28). */
  untranslated?: string[]
}

/**
 * The home page's looping hero slides (600 px high, a new slide every 4 s), with dots when there are several.
 * The slides are stacked and cross-fade; the page's script (app/islands/public-site.ts) moves between them, and
 * without it the first slide stays.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const { langOf } = usePageLanguage()
  const t = usePageTexts()
  return (
    <section
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.slides')}
      {...{ [Data.slideshow]: true, [Data.slideshowDelay]: CAROUSEL_DELAY_MS }}
      className="relative h-[600px] touch-pan-y overflow-hidden bg-stone-900"
    >
      {slides.map((slide, index) => (
        <div
          key={slide.id}
          role="group"
          aria-roledescription={t('home.slide')}
          aria-label={t('home.slideOf', { index: index + 1, count: slides.length })}
          {...{ [Data.slide]: true, [Data.slideActive]: index === 0 ? '' : undefined }}
          inert={index === 0 ? undefined : true}
          className="absolute inset-0"
        >
          <SiteImage
            image={slide.image}
            alt={slide.alt}
            sizes="100vw"
            priority={index === 0}
            // The other slides' pictures wait for the page's load (or a tap): the first one has the line to itself.
            deferred={index > 0}
            className="absolute inset-0 size-full object-cover"
          />
          <div
            className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/35 to-black/10 md:bg-gradient-to-r md:from-black/75 md:via-black/40 md:to-transparent"
            aria-hidden
          />
          <div className="relative mx-auto flex h-full max-w-7xl items-end px-4 pb-24 sm:px-6 md:items-center md:pb-0 lg:px-8">
            <div className="max-w-2xl text-white">
              <span className="mb-5 block h-1 w-16 rounded-full bg-secondary" aria-hidden />
              <h2 className="font-serif text-4xl leading-tight font-bold text-balance drop-shadow-sm sm:text-5xl lg:text-6xl">
                <span lang={langOf(slide, 'title')}>{slide.title}</span>
              </h2>
              {slide.subtitle ? (
                <p
                  className="mt-4 text-lg text-pretty text-white/90 sm:text-xl"
                  lang={langOf(slide, 'subtitle')}
                >
                  {slide.subtitle}
                </p>
              ) : null}
            </div>
          </div>
        </div>
      ))}

      {slides.length > 1 ? (
        <div className="absolute inset-x-0 bottom-8 flex items-center justify-center gap-3">
          <div className="flex items-center gap-1 rounded-full bg-black/30 px-2 py-1 backdrop-blur-sm">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                {...{ [Data.slideTo]: index }}
                aria-label={t('home.goToSlide', { index: index + 1 })}
                aria-current={index === 0 ? 'true' : undefined}
                // A 24 px target around a small dot (WCAG 2.5.8).
                className="group/dot flex h-6 min-w-6 items-center justify-center rounded-full px-1 focus-visible:outline-2 focus-visible:outline-white"
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-white/50 transition-all group-hover/dot:bg-white/80 group-aria-[current=true]/dot:w-8 group-aria-[current=true]/dot:bg-white" />
              </button>
            ))}
          </div>
          <button
            type="button"
            {...{ [Data.slideshowToggle]: true }}
            aria-label={t('home.pause')}
            {...{ [Data.pauseLabel]: t('home.pause'), [Data.playLabel]: t('home.play') }}
            className="inline-flex size-9 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm transition hover:bg-black/50 focus-visible:outline-2 focus-visible:outline-white"
          >
            <Pause className="size-4" {...{ [Data.slideshowIcon]: 'pause' }} aria-hidden />
            <Play className="size-4" {...{ [Data.slideshowIcon]: 'play' }} aria-hidden />
          </button>
        </div>
      ) : null}
    </section>
  )
}

/** The home's first band while no slide has been added: the church's name. */
export function FallbackHero({ name }: { name: string }) {
  return (
    <section className="flex h-[600px] items-center justify-center bg-primary px-4 text-center text-white">
      <p className="font-serif text-5xl font-bold">{name}</p>
    </section>
  )
}
