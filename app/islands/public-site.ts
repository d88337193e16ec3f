/**
 * Everything the public site does in the browser, in one small script written inline at the end of every public
 * page (decision 0013): it runs while the page is parsed, so a tap works from the first paint, and there is no
 * framework to download, parse or hydrate. The markup is complete without it — the menu is a <dialog> the browser
 * opens, each photo links to its large picture, the contact form posts, the map has a link to OpenStreetMap —
 * and the behaviours make the rest nicer. How to add one: README.md beside this file.
 */
import { type Behaviour, startBehaviours } from './behaviour.ts'
import { contactForm } from './behaviours/contact-form.ts'
import { cookieBanner } from './behaviours/cookie-banner.ts'
import { firstScreenStyles } from './behaviours/first-screen-styles.ts'
import { floating } from './behaviours/floating.ts'
import { invokerCommands } from './behaviours/invoker-commands.ts'
import { language } from './behaviours/language.ts'
import { lightbox } from './behaviours/lightbox.ts'
import { map } from './behaviours/map.ts'
import { menu } from './behaviours/menu.ts'
import { slideshow } from './behaviours/slideshow.ts'
import { theme } from './behaviours/theme.ts'
import { videoFacade } from './behaviours/video-facade.ts'

/** Every behaviour of the public site, started in this order. */
const BEHAVIOURS: Behaviour[] = [
  firstScreenStyles,
  theme,
  cookieBanner,
  invokerCommands,
  menu,
  slideshow,
  lightbox,
  contactForm,
  map,
  floating,
  videoFacade,
  language,
]

startBehaviours(BEHAVIOURS)
// Tests and monitoring read this to know the page's script has run (the admin sets it when React hydrates).
document.documentElement.dataset.hydrated = 'true'
