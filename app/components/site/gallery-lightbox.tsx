import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { KeyboardEvent } from 'react'

import { categoryLabel } from './gallery-categories.ts'
import type { GalleryItem } from './gallery-tile.tsx'
import { SiteImage } from './site-image.tsx'

interface GalleryLightboxProps {
  items: GalleryItem[]
  /** Position in `items` (the filtered list) of the photo shown, or null when closed. */
  index: number | null
  onIndexChange: (index: number | null) => void
  /** Where focus goes when the lightbox closes: the photo it was opened from. */
  returnFocusTo?: () => HTMLElement | null
}

/**
 * The large view of a gallery photo; previous and next wrap around within the list shown (spec §4). A chunk of
 * its own, loaded when a photo is first opened.
 */
export default function GalleryLightbox({
  items,
  index,
  onIndexChange,
  returnFocusTo,
}: GalleryLightboxProps) {
  const item = index === null ? undefined : items[index]
  const count = items.length
  const step = (delta: number) => {
    if (index === null || count === 0) return
    onIndexChange((index + delta + count) % count)
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      step(-1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      step(1)
    }
  }

  const navButton =
    'absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white'

  return (
    <Dialog.Root open={item !== undefined} onOpenChange={(open) => (open ? undefined : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="lightbox-overlay fixed inset-0 z-50 bg-stone-950/90 backdrop-blur-sm" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo?.()?.focus()
          }}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 outline-none sm:p-10"
        >
          {item ? (
            <>
              <figure className="flex max-h-full w-full max-w-5xl flex-col items-center">
                <SiteImage
                  key={item.id}
                  image={item.image}
                  alt={item.title}
                  sizes="(min-width: 1100px) 1024px, 100vw"
                  priority
                  className="max-h-[72vh] w-auto max-w-full rounded-xl object-contain shadow-2xl"
                />
                <figcaption className="mt-4 text-center text-white">
                  <Dialog.Title className="font-serif text-xl font-semibold">{item.title}</Dialog.Title>
                  <p className="mt-1 flex items-center justify-center gap-3 text-sm">
                    <span className="tracking-widest text-white/75 uppercase">
                      {categoryLabel(item.category)}
                    </span>
                    <span className="text-white/60">
                      <span className="sr-only">Photo </span>
                      {index! + 1}
                      <span aria-hidden> / </span>
                      <span className="sr-only"> of </span>
                      {count}
                    </span>
                  </p>
                </figcaption>
              </figure>
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    onClick={() => step(-1)}
                    className={`${navButton} left-3 sm:left-6`}
                    aria-label="Previous photo"
                  >
                    <ChevronLeft className="size-7" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => step(1)}
                    className={`${navButton} right-3 sm:right-6`}
                    aria-label="Next photo"
                  >
                    <ChevronRight className="size-7" aria-hidden />
                  </button>
                </>
              ) : null}
              <Dialog.Close className="absolute top-4 right-4 inline-flex h-11 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white backdrop-blur transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white">
                <X className="size-5" aria-hidden />
                Close
              </Dialog.Close>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
