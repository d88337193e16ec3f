import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { Pause, Play } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'

import { SiteImage } from './site-image.tsx'
import { cn } from '#app/lib/cn.ts'
import type { ImageSource } from '#app/lib/images.ts'

export const CAROUSEL_DELAY_MS = 4000

export interface HeroSlide {
  id: string
  title: string
  subtitle: string | null
  image: ImageSource
}

/** The home page's looping hero slides (600 px high, a new slide every 4 s), with dots when there are several. */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const [autoplay] = useState(() => Autoplay({ delay: CAROUSEL_DELAY_MS, stopOnInteraction: false }))
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, slides.length > 1 ? [autoplay] : [])
  const [selected, setSelected] = useState(0)
  const [playing, setPlaying] = useState(true)

  useEffect(() => {
    if (!emblaApi) return
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap())
    emblaApi.on('select', onSelect).on('reInit', onSelect)
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect)
    }
  }, [emblaApi])

  const togglePlaying = useCallback(() => {
    const plugin = emblaApi?.plugins().autoplay
    if (!plugin) return
    if (plugin.isPlaying()) plugin.stop()
    else plugin.play()
    setPlaying(plugin.isPlaying())
  }, [emblaApi])

  return (
    <section aria-roledescription="carousel" aria-label="Welcome slides" className="relative bg-stone-900">
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className="relative h-[600px] min-w-0 flex-[0_0_100%]"
            >
              <SiteImage
                image={slide.image}
                alt=""
                sizes="100vw"
                priority={index === 0}
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
                    {slide.title}
                  </h2>
                  {slide.subtitle ? (
                    <p className="mt-4 text-lg text-pretty text-white/90 sm:text-xl">{slide.subtitle}</p>
                  ) : null}
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>

      {slides.length > 1 ? (
        <div className="absolute inset-x-0 bottom-8 flex items-center justify-center gap-3">
          <div className="flex items-center gap-1 rounded-full bg-black/30 px-2 py-1 backdrop-blur-sm">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => emblaApi?.scrollTo(index)}
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected ? 'true' : undefined}
                // A 24 px target around a small dot (WCAG 2.5.8).
                className="group/dot flex h-6 min-w-6 items-center justify-center rounded-full px-1 focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={cn(
                    'block h-2.5 rounded-full transition-all',
                    index === selected ? 'w-8 bg-white' : 'w-2.5 bg-white/50 group-hover/dot:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={togglePlaying}
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            className="inline-flex size-9 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm transition hover:bg-black/50 focus-visible:outline-2 focus-visible:outline-white"
          >
            {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          </button>
        </div>
      ) : null}
    </section>
  )
}
