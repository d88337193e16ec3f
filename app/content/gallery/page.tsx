import { useSearchParams } from 'react-router'

import type { Route } from './+types/page.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { GALLERY_TABS } from './categories.ts'
import { GalleryLightbox } from './gallery-lightbox.tsx'
import { GalleryTile } from './gallery-tile.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { runtimeContext } from '#app/context.ts'
import { cn } from '#app/lib/cn.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { listGalleryImages } from './model.server.ts'
import { pagePath } from '#app/content/registry.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const images = await listGalleryImages({ db, locale: pageLanguage(context) })
  const image = await loadImageSources({ db, urls: images.map((item) => item.image_url) })
  return {
    items: images.map((item) => ({
      id: item.id,
      title: item.title,
      category: item.category,
      image: image(item.image_url)!,
      alt: item.image_alt,
      untranslated: item.untranslated,
    })),
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'gallery')
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const requested = searchParams.get('category')
  const active = GALLERY_TABS.find((tab) => tab.value === requested)?.value ?? 'all'
  const items =
    active === 'all' ? loaderData.items : loaderData.items.filter((item) => item.category === active)

  return (
    <>
      <PageHero title={t('gallery.title')} intro={t('gallery.intro')} />

      <section
        aria-label={t('gallery.photos')}
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8"
      >
        <nav aria-label={t('gallery.categories')}>
          <ul className="flex flex-wrap justify-center gap-2">
            {GALLERY_TABS.map((tab) => {
              const selected = tab.value === active
              return (
                <li key={tab.value}>
                  <a
                    href={
                      tab.value === 'all'
                        ? to(pagePath('gallery'))
                        : `${to(pagePath('gallery'))}?category=${tab.value}`
                    }
                    aria-current={selected ? 'true' : undefined}
                    className={cn(
                      'inline-flex h-10 items-center rounded-full border px-5 text-sm font-semibold whitespace-nowrap transition',
                      selected
                        ? 'border-primary bg-primary text-white shadow-sm'
                        : 'border-border bg-card text-foreground/80 hover:border-primary/40 hover:text-primary-text',
                    )}
                  >
                    {tab.value === 'all' ? t('gallery.all') : t(`gallery.category.${tab.value}`)}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>

        {items.length > 0 ? (
          <>
            <h2 id="gallery-photos" className="sr-only">
              {t('gallery.photosHeading')}
            </h2>
            <ul
              aria-labelledby="gallery-photos"
              className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3"
            >
              {items.map((item, index) => (
                <li key={item.id}>
                  <GalleryTile
                    item={item}
                    priority={index === 0}
                    href={item.image.src}
                    opensLightbox
                    sizes="(min-width: 1024px) 400px, 50vw"
                    className="aspect-[4/3]"
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-12 text-center text-lg text-muted-foreground">{t('gallery.none')}</p>
        )}
      </section>

      {items.length > 0 ? <GalleryLightbox /> : null}
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
