// The controls `npm run bench:interaction` taps on the public site (bench/interaction.ts), one entry each: where it
// is, what to tap, and what shows that the page has answered. A new public behaviour adds its control here
// (app/islands/README.md).
import type { Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'

import { RECORD_PAGES } from './pages.ts'

export interface Control {
  name: string
  /** The page, or how to find it in the demo content through the API (`baseUrl` is the server's). */
  path: string | ((baseUrl: string) => Promise<string>)
  /** The element to tap. */
  target: (page: Page) => ReturnType<Page['locator']>
  /** Runs in the page each frame after the tap: true once the control's answer shows. */
  answered: string
  /** Runs in the page before the tap, to set up what `answered` compares with. */
  before?: string
  /** Where on the target to tap, from its box: its middle unless said. */
  at?: (box: { x: number; y: number; width: number; height: number }) => { x: number; y: number }
  /** Done before the tap and not timed: what a visitor does first (filling in a form). */
  prepare?: (page: Page) => Promise<void>
  /** The tap leads to another page: its answer is that page's first paint. */
  navigates?: boolean
  /**
   * The browser's own control (a media player's buttons): its touches reach no listener of the page, so the tap's
   * moment is read from the page's clock just before it is sent (a few milliseconds early at most).
   */
  browsersOwn?: boolean
  /** The site's clock for this control (`CLOCK_START`), on a server of its own: the live page while it is live. */
  clock?: () => string
}

/** The demo's Sunday Worship (streamed, 10:30–12:00 in Dublin) 10 minutes in, next Sunday: the live page is live. */
function nextSundayService() {
  const today = Temporal.Now.plainDateISO('Europe/Dublin')
  const sunday = today.add({ days: (7 - today.dayOfWeek) % 7 || 7 })
  return sunday.toZonedDateTime({ timeZone: 'Europe/Dublin', plainTime: '10:40' }).toInstant().toString()
}

/** In the page: whether an element is shown on the screen (laid out, visible, inside the viewport). */
const SHOWN = `(element) => {
  if (!element || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false
  const box = element.getBoundingClientRect()
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
}`

export const CONTROLS: Control[] = [
  {
    name: 'Menu',
    path: '/',
    target: (page) => page.getByRole('button', { name: 'Open menu' }),
    // The menu's panel shows (it starts sliding in; the desktop bar's links are hidden on a phone).
    answered: `[...document.querySelectorAll('dialog[open], [role="dialog"]')].some(${SHOWN})`,
  },
  {
    name: 'Theme swatch',
    path: '/',
    target: (page) => page.locator('[data-swatch]').nth(1),
    before: `window.__expected = document.querySelectorAll('[data-swatch]')[1].dataset.swatch`,
    answered: `document.documentElement.dataset.theme === window.__expected`,
  },
  {
    name: 'Dark mode',
    path: '/',
    target: (page) => page.getByRole('button', { name: /switch to (dark|light) mode/i }),
    before: `window.__expected = !document.documentElement.classList.contains('dark')`,
    answered: `document.documentElement.classList.contains('dark') === window.__expected`,
  },
  {
    name: 'Cookie accept',
    path: '/',
    target: (page) => page.getByRole('button', { name: 'Accept Cookies' }),
    answered: `!(${SHOWN})(document.querySelector('[data-cookie-banner]'))`,
  },
  {
    name: 'Carousel slide 2',
    path: '/',
    target: (page) => page.getByRole('button', { name: 'Go to slide 2' }),
    // The answer starts when the second slide starts moving or fading in (the change itself takes longer).
    before: `window.__slide = document.querySelector('[aria-label^="2 of"]'); window.__expected = __slide.getBoundingClientRect().left`,
    // (Already showing when tapped — the slideshow got there first — counts as answered at once.)
    answered: `Math.abs(__slide.getBoundingClientRect().left - window.__expected) > 2 || getComputedStyle(__slide).opacity > 0.02`,
  },
  {
    name: 'Gallery photo',
    path: '/gallery',
    target: (page) => page.locator('main a[href*="/media/"], main a[href*="photo="]').first(),
    answered: `[...document.querySelectorAll('dialog[open], [role="dialog"]')].some(${SHOWN})`,
  },
  {
    name: 'Language switch',
    path: '/',
    // The header's link to this page in Malayalam: another page, whose first paint is the answer.
    target: (page) => page.locator('header a[hreflang="ml"]'),
    answered: 'false',
    navigates: true,
  },
  {
    name: 'Audio play',
    path: RECORD_PAGES.sermon,
    target: (page) => page.locator('main audio'),
    // The browser's own player: its play button is at the start of the bar.
    at: (box) => ({ x: box.x + 20, y: box.y + box.height / 2 }),
    browsersOwn: true,
    answered: `!document.querySelector('main audio').paused`,
  },
  {
    name: 'Registration submit',
    path: RECORD_PAGES.event,
    target: (page) => page.locator('#register button[type="submit"]'),
    prepare: async (page) => {
      const form = page.locator('#register form')
      await form.getByLabel(/^Name/).fill('Bench Visitor')
      await form.getByLabel(/^Email/).fill(`bench.${Date.now()}@example.org`)
    },
    // The form's behaviour sends it in the background: the button is disabled and says it is sending.
    answered: `document.querySelector('#register button[type="submit"]').disabled || Boolean(document.querySelector('#register [role="status"], #register [role="alert"]'))`,
  },
  {
    name: 'Live play',
    path: '/live',
    clock: nextSundayService,
    // The stream's box: the player (an iframe of youtube-nocookie.com) takes its place on the tap.
    target: (page) => page.locator('main [data-video-facade]'),
    answered: `Boolean(document.querySelector('main iframe[src*="youtube-nocookie.com"]'))`,
  },
]
