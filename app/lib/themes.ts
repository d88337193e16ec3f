/**
 * A colour theme of the public site (docs/specification.md §3); the values feed the CSS variables of
 * app/styles/theme.css.
 */
export interface ColorTheme {
  name: ThemeName
  label: string
  primaryHue: number
  primarySaturation: number
  primaryLightness: number
  secondaryHue: number
  secondaryLightness: number
}

export type ThemeName = 'blue' | 'green' | 'purple'

export const THEMES: readonly ColorTheme[] = [
  {
    name: 'blue',
    label: 'Ocean Blue',
    primaryHue: 210,
    primarySaturation: 60,
    primaryLightness: 30,
    secondaryHue: 1,
    secondaryLightness: 61,
  },
  {
    name: 'green',
    label: 'Forest Green',
    primaryHue: 149,
    primarySaturation: 58,
    primaryLightness: 27,
    secondaryHue: 1,
    secondaryLightness: 61,
  },
  {
    name: 'purple',
    label: 'Royal Purple',
    primaryHue: 270,
    primarySaturation: 60,
    primaryLightness: 30,
    secondaryHue: 1,
    secondaryLightness: 61,
  },
]

export const DEFAULT_THEME: ThemeName = 'blue'

/** The theme with this name; an unknown or missing name falls back to blue (docs/specification.md §4). */
export function findTheme(name: string | null | undefined): ColorTheme {
  return THEMES.find((theme) => theme.name === name) ?? THEMES[0]
}

/** The theme's primary colour, for its swatch in the theme picker. */
export function themeColour(theme: ColorTheme) {
  return `hsl(${theme.primaryHue} ${theme.primarySaturation}% ${theme.primaryLightness}%)`
}

/** localStorage keys, as the spec names them. */
export const STORAGE_KEYS = { theme: 'theme', darkMode: 'darkMode', cookieConsent: 'cookieConsent' } as const

/**
 * sessionStorage key remembering a Decline while the visitor moves from page to page (each page is a document
 * load of its own); a reload or a new visit asks again, as the spec's "returns on the next load" means.
 */
export const COOKIE_DECLINED_KEY = 'cookieDeclined'

/** Writes the theme's name, variables and the dark class onto <html>. */
export function applyTheme(root: HTMLElement, theme: ColorTheme, dark: boolean) {
  root.dataset.theme = theme.name
  root.style.setProperty('--primary-h', String(theme.primaryHue))
  root.style.setProperty('--primary-s', `${theme.primarySaturation}%`)
  root.style.setProperty('--primary-l', `${theme.primaryLightness}%`)
  root.style.setProperty('--secondary-h', String(theme.secondaryHue))
  root.style.setProperty('--secondary-l', `${theme.secondaryLightness}%`)
  root.classList.toggle('dark', dark)
}
