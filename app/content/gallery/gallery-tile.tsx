import { categoryLabel } from './categories.ts'
import type { GalleryCategory } from './schema.ts'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { cn } from '#app/lib/cn.ts'
import type { ImageSource } from '#app/lib/images.ts'
import { Data } from '#app/islands/markup.ts'

export interface GalleryItem {
  id: string
  title: string
  category: string
  image: ImageSource
  /** What the photo shows, for people who cannot see it. */
  alt: string
}

interface GalleryTileProps {
  item: GalleryItem
  href: string
  /** A link to the photo itself, which the page's script opens in the lightbox (app/islands/public-site.ts). */
  opensLightbox?: boolean
  sizes: string
  className?: string
  /** The first tile of a page: its picture is likely the largest thing on a phone's first screen. */
  priority?: boolean
}

/**
 * One photo of a gallery grid; hovering or focusing it shows its title and category. It is a link to the photo
 * (or the gallery), so it works without JavaScript; with it, a photo opens in the gallery's lightbox.
 */
export function GalleryTile({
  item,
  href,
  opensLightbox = false,
  sizes,
  className,
  priority = false,
}: GalleryTileProps) {
  const t = usePageTexts()
  const category = t(`gallery.category.${item.category as GalleryCategory}`, {
    defaultValue: categoryLabel(item.category),
  })
  return (
    <a
      href={href}
      {...(opensLightbox
        ? {
            [Data.photo]: '',
            [Data.photoTitle]: item.title,
            [Data.photoCategory]: category,
          }
        : {})}
      className={cn(
        'group relative block overflow-hidden rounded-2xl bg-surface focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-text',
        className,
      )}
    >
      <SiteImage
        image={item.image}
        alt={item.alt}
        sizes={sizes}
        priority={priority}
        className="size-full object-cover transition duration-500 group-hover:scale-105 group-focus-visible:scale-105"
      />
      <span
        className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/20 to-transparent p-4 text-left text-white opacity-0 transition duration-300 group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden
      >
        <span className="font-serif text-lg leading-snug font-semibold">{item.title}</span>
        <span className="mt-0.5 text-xs font-medium tracking-widest text-white/80 uppercase">{category}</span>
      </span>
    </a>
  )
}
