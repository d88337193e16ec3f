import { Moon, Palette, Sun } from '#app/components/site/icons.tsx'
import type { CSSProperties } from 'react'

import { DEFAULT_THEME, THEMES, themeColour } from '#app/lib/themes.ts'
import { Data, DialogId } from '#app/islands/markup.ts'
import { usePageTexts } from './use-church.ts'

/**
 * The floating colour-theme and dark-mode switcher. Which swatch is filled and which icon shows follow the root's
 * `data-theme` and `dark` class (set before first paint); the page's script (app/islands/behaviours/theme.ts)
 * saves a choice and keeps `aria-pressed` and the toggle's label true. On a phone it is one round button whose
 * popover holds the swatches, so it takes a corner rather than the width of the screen (site.css).
 */
export function ThemePicker() {
  const t = usePageTexts()
  return (
    <aside
      aria-label={t('theme.region')}
      {...{ [Data.floating]: true }}
      className="fixed right-4 bottom-[calc(1rem+var(--cookie-banner-offset,0px))] z-40"
    >
      <button
        type="button"
        popoverTarget={DialogId.themePanel}
        aria-label={t('theme.region')}
        className="inline-flex size-11 items-center justify-center rounded-full border border-border bg-card text-primary-text shadow-lg shadow-stone-900/15 transition hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-text md:hidden"
      >
        <Palette className="size-5" aria-hidden />
      </button>
      <div
        id={DialogId.themePanel}
        popover="auto"
        className="items-center gap-1.5 overflow-visible rounded-full border border-border bg-card/95 p-1.5 text-foreground shadow-lg shadow-stone-900/10 backdrop-blur open:flex sm:gap-2"
      >
        {THEMES.map((option) => (
          <button
            key={option.name}
            type="button"
            {...{ [Data.swatch]: option.name }}
            aria-pressed={option.name === DEFAULT_THEME}
            style={{ '--swatch': themeColour(option) } as CSSProperties}
            className="theme-swatch size-8 rounded-full border-[3px] border-(--swatch) transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--swatch)"
          >
            <span className="sr-only">{t('theme.swatch', { name: t(`theme.names.${option.name}`) })}</span>
          </button>
        ))}
        <span className="mx-0.5 h-6 w-px bg-border" aria-hidden />
        <button
          type="button"
          {...{ [Data.darkToggle]: true }}
          aria-label={t('theme.darkOn')}
          {...{ [Data.darkOnLabel]: t('theme.darkOn'), [Data.darkOffLabel]: t('theme.darkOff') }}
          className="inline-flex size-8 items-center justify-center rounded-full text-foreground transition hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary-text dark:hover:bg-primary-text/15"
        >
          <Moon className="size-[18px] dark:hidden" aria-hidden />
          <Sun className="hidden size-[18px] dark:block" aria-hidden />
        </button>
      </div>
    </aside>
  )
}
