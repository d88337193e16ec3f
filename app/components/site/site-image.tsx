import type { ImageSource } from '#app/lib/images.ts'
import { Data } from '#app/islands/markup.ts'

interface SiteImageProps {
  image: ImageSource
  alt: string
  /** How wide the image is drawn at each breakpoint, so the browser picks the smallest variant that is sharp. */
  sizes: string
  className?: string
  /** The largest image above the fold: fetched first and never lazily. */
  priority?: boolean
  /** Small images above the fold load at once without jumping the queue ahead of the priority one. */
  loading?: 'eager' | 'lazy'
  /** Fetched only when the page's script asks (a slide not yet shown): its address waits in data attributes. */
  deferred?: boolean
}

/** What a deferred image shows until its picture is asked for: a transparent pixel (an `<img>` must have a src). */
export const PLACEHOLDER_SRC = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEAAAAALAAAAAABAAEAAAI='

/** An image with its intrinsic size (no layout shift), a srcset of the upload's variants and lazy loading. */
export function SiteImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
  loading,
  deferred = false,
}: SiteImageProps) {
  return (
    <img
      src={deferred ? PLACEHOLDER_SRC : image.src}
      srcSet={deferred ? undefined : image.srcSet}
      {...{
        [Data.deferredSrc]: deferred ? image.src : undefined,
        [Data.deferredSrcset]: deferred ? image.srcSet : undefined,
      }}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  )
}
