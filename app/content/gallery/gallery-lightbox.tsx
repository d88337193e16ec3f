import { ChevronLeft, ChevronRight, X } from '#app/components/site/icons.tsx'
import { Data, DialogId } from '#app/islands/markup.ts'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { PLACEHOLDER_SRC } from '#app/components/site/site-image.tsx'

/**
 * The large view of a gallery photo: a modal <dialog>, empty until the page's script (app/islands/public-site.ts)
 * fills it from the photo tapped and opens it. Previous and next wrap around within the photos shown, i.e. the
 * chosen category (docs/specification.md §4); the arrow keys do the same, Escape, Close or a tap beside the
 * photo close it, and focus goes back to the photo it was opened from.
 */
export function GalleryLightbox() {
  const t = usePageTexts()
  const navButton =
    'absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white'
  return (
    <dialog
      id={DialogId.lightbox}
      aria-labelledby="lightbox-title"
      className="fixed inset-0 flex-col items-center justify-center p-4 text-white outline-none open:flex sm:p-10"
    >
      <figure className="flex max-h-full w-full max-w-5xl flex-col items-center">
        <img
          {...{ [Data.lightboxImage]: true }}
          src={PLACEHOLDER_SRC}
          alt=""
          className="max-h-[72vh] w-auto max-w-full rounded-xl object-contain shadow-2xl"
        />
        <figcaption className="mt-4 text-center">
          <h2
            id="lightbox-title"
            {...{ [Data.lightboxTitle]: true }}
            className="font-serif text-xl font-semibold"
          >
            {/* The photo's title, once the script has filled the dialog in. */}
            {t('gallery.photo')}
          </h2>
          <p className="mt-1 flex items-center justify-center gap-3 text-sm">
            <span
              {...{ [Data.lightboxCategory]: true }}
              className="tracking-widest text-white/75 uppercase"
            />
            <span className="text-white/60">
              <span className="sr-only">{t('gallery.photo')} </span>
              <span {...{ [Data.lightboxPosition]: true }} />
              <span aria-hidden> / </span>
              <span className="sr-only"> {t('gallery.of')} </span>
              <span {...{ [Data.lightboxCount]: true }} />
            </span>
          </p>
        </figcaption>
      </figure>
      <button
        type="button"
        {...{ [Data.lightboxStep]: -1 }}
        className={`${navButton} left-3 sm:left-6`}
        aria-label={t('gallery.previous')}
      >
        <ChevronLeft className="size-7" aria-hidden />
      </button>
      <button
        type="button"
        {...{ [Data.lightboxStep]: 1 }}
        className={`${navButton} right-3 sm:right-6`}
        aria-label={t('gallery.next')}
      >
        <ChevronRight className="size-7" aria-hidden />
      </button>
      <button
        type="button"
        {...{ [Data.lightboxClose]: true }}
        className="absolute top-4 right-4 inline-flex h-11 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white backdrop-blur transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X className="size-5" aria-hidden />
        {t('gallery.close')}
      </button>
    </dialog>
  )
}
