/**
 * Everything the public site does in the browser, in one small script written inline at the end of every public
 * page (decision 0013): it runs while the page is parsed, so a tap works from the first paint, and there is no
 * framework to download, parse or hydrate. The markup is complete without it — the menu is a popover, each photo
 * links to its large picture, the contact form posts, the map has a link to OpenStreetMap — and the script
 * makes the rest nicer: theme and cookie choices, the slideshow, the lightbox, sending without leaving the page
 * and the map itself. Controls are found by `data-*` attributes the components render; clicks are handled once,
 * on the document.
 */
import { applyTheme, COOKIE_DECLINED_KEY, findTheme, STORAGE_KEYS } from '../lib/themes.ts'

const root = document.documentElement

function readStorage(key: string) {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage disabled (private modes, strict settings): the choice lasts for this page.
  }
}

// ── Colour theme and dark mode (the <head> boot script applied the saved ones before the first paint) ──

function showPreferences() {
  const theme = findTheme(root.dataset.theme).name
  for (const swatch of document.querySelectorAll<HTMLElement>('[data-swatch]'))
    swatch.setAttribute('aria-pressed', String(swatch.dataset.swatch === theme))
  document
    .querySelector('[data-dark-toggle]')
    ?.setAttribute(
      'aria-label',
      root.classList.contains('dark') ? 'Switch to light mode' : 'Switch to dark mode',
    )
}

function savePreferences(themeName: string | undefined, dark: boolean) {
  const theme = findTheme(themeName)
  writeStorage(STORAGE_KEYS.theme, theme.name)
  writeStorage(STORAGE_KEYS.darkMode, String(dark))
  applyTheme(root, theme, dark)
  showPreferences()
}

// Another tab changed the preferences: follow it.
addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEYS.theme && event.key !== STORAGE_KEYS.darkMode) return
  applyTheme(root, findTheme(readStorage(STORAGE_KEYS.theme)), readStorage(STORAGE_KEYS.darkMode) === 'true')
  showPreferences()
})

// ── The mobile menu: a <dialog> the browser opens by itself (invoker commands) ──

const menu = () => document.getElementById('mobile-menu') as HTMLDialogElement | null

// Browsers without invoker commands (before 2025) get them from here.
const INVOKERS = 'command' in HTMLButtonElement.prototype

function invoke(button: HTMLElement) {
  const dialog = document.getElementById(button.getAttribute('commandfor') ?? '')
  if (!(dialog instanceof HTMLDialogElement)) return
  if (button.getAttribute('command') === 'show-modal') dialog.showModal()
  else dialog.close()
}

// The menu is for narrow windows: one widened past the `md` width (a tablet turned) closes it.
matchMedia('(min-width: 48rem)').addEventListener('change', (event) => {
  if (event.matches) menu()?.close()
})

// A page kept for the back button comes back without a menu or photo left open.
addEventListener('pagehide', () => {
  menu()?.close()
  lightbox()?.close()
})

// ── The hero slideshow: a slide every few seconds, dots, pause, swipe ──

/** How long after the load event the later slides' pictures are fetched (at most half a slide's time). */
const PICTURES_AFTER_LOAD_MS = 1000

function startSlideshow(section: HTMLElement) {
  const slides = [...section.querySelectorAll<HTMLElement>('[data-slide]')]
  const dots = [...section.querySelectorAll<HTMLElement>('[data-slide-to]')]
  const toggle = section.querySelector<HTMLElement>('[data-slideshow-toggle]')
  const delay = Number(section.dataset.delay) || 4000
  if (slides.length < 2) return
  let index = 0
  let timer: ReturnType<typeof setInterval> | undefined

  // The pictures of the slides not shown first are fetched a moment after the page has loaded, so that they
  // never share the phone's connection with the first slide's picture and the page's own files, and well
  // before the first change of slide (or at once when a slide is asked for).
  const fetchPictures = () => {
    for (const image of section.querySelectorAll<HTMLImageElement>('img[data-src]')) {
      if (image.dataset.srcset) image.srcset = image.dataset.srcset
      image.src = image.dataset.src!
      image.removeAttribute('data-src')
    }
  }
  const fetchSoon = () => setTimeout(fetchPictures, Math.min(PICTURES_AFTER_LOAD_MS, delay / 2))
  if (document.readyState === 'complete') fetchSoon()
  else addEventListener('load', fetchSoon, { once: true })

  const show = (next: number) => {
    const target = (next + slides.length) % slides.length
    if (target !== index) fetchPictures()
    index = target
    slides.forEach((slide, position) => {
      slide.toggleAttribute('data-active', position === index)
      slide.inert = position !== index
    })
    dots.forEach((dot, position) =>
      position === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    )
  }
  const playing = () => timer !== undefined
  const play = () => {
    clearInterval(timer)
    timer = setInterval(() => show(index + 1), delay)
    section.dataset.playing = 'true'
    toggle?.setAttribute('aria-label', 'Pause slideshow')
  }
  const pause = () => {
    clearInterval(timer)
    timer = undefined
    section.dataset.playing = 'false'
    toggle?.setAttribute('aria-label', 'Play slideshow')
  }

  section.addEventListener('click', (event) => {
    const target = event.target as Element
    const dot = target.closest<HTMLElement>('[data-slide-to]')
    if (dot) {
      show(Number(dot.dataset.slideTo))
      if (playing()) play()
    } else if (target.closest('[data-slideshow-toggle]')) {
      if (playing()) pause()
      else play()
    }
  })
  let startX: number | null = null
  section.addEventListener('pointerdown', (event) => {
    startX = event.clientX
  })
  section.addEventListener('pointerup', (event) => {
    if (startX === null) return
    const moved = event.clientX - startX
    startX = null
    if (Math.abs(moved) < 40) return
    show(index + (moved < 0 ? 1 : -1))
    if (playing()) play()
  })
  show(0)
  play()
}

// ── The gallery's lightbox: the photos shown (the filtered list), previous and next wrapping around ──

let photo = -1

const lightbox = () => document.getElementById('lightbox') as HTMLDialogElement | null
const photoLinks = () => [...document.querySelectorAll<HTMLAnchorElement>('a[data-photo]')]

function showPhoto(index: number) {
  const dialog = lightbox()
  const links = photoLinks()
  if (!dialog || links.length === 0) return
  photo = (index + links.length) % links.length
  const link = links[photo]
  const thumbnail = link.querySelector('img')
  const image = dialog.querySelector<HTMLImageElement>('[data-lightbox-image]')!
  const title = link.dataset.title ?? ''
  // A new element, so the previous photo never shows while the next one loads.
  const next = image.cloneNode() as HTMLImageElement
  next.removeAttribute('srcset')
  // The photo's description, as the tile has it (the title is the dialog's heading).
  next.alt = thumbnail?.alt || title
  next.width = thumbnail?.width ? Number(thumbnail.getAttribute('width')) : 0
  next.height = thumbnail?.height ? Number(thumbnail.getAttribute('height')) : 0
  if (thumbnail?.srcset) {
    next.sizes = '(min-width: 1100px) 1024px, 100vw'
    next.srcset = thumbnail.srcset
  }
  next.src = link.href
  image.replaceWith(next)
  dialog.querySelector('[data-lightbox-title]')!.textContent = title
  dialog.querySelector('[data-lightbox-category]')!.textContent = link.dataset.category ?? ''
  dialog.querySelector('[data-lightbox-position]')!.textContent = String(photo + 1)
  dialog.querySelector('[data-lightbox-count]')!.textContent = String(links.length)
  dialog.toggleAttribute('data-single', links.length < 2)
  if (!dialog.open) dialog.showModal()
}

function stepPhoto(delta: number) {
  if (photo >= 0) showPhoto(photo + delta)
}

document.addEventListener('keydown', (event) => {
  if (!lightbox()?.open) return
  if (event.key === 'ArrowLeft') stepPhoto(-1)
  else if (event.key === 'ArrowRight') stepPhoto(1)
  else return
  event.preventDefault()
})

// ── Clicks, handled once for the whole page ──

document.addEventListener('click', (event) => {
  const target = event.target as Element
  const control = target.closest<HTMLElement>(
    '[data-swatch],[data-dark-toggle],[data-cookie-answer],a[data-photo],[data-lightbox-step],[data-lightbox-close],#lightbox,[commandfor]',
  )
  if (!control) return
  if (control.hasAttribute('commandfor')) {
    if (!INVOKERS) invoke(control)
  } else if (control.dataset.swatch) {
    savePreferences(control.dataset.swatch, root.classList.contains('dark'))
  } else if (control.hasAttribute('data-dark-toggle')) {
    savePreferences(root.dataset.theme, !root.classList.contains('dark'))
  } else if (control.dataset.cookieAnswer) {
    const accepted = control.dataset.cookieAnswer === 'accept'
    if (accepted) writeStorage(STORAGE_KEYS.cookieConsent, 'true')
    else
      try {
        sessionStorage.setItem(COOKIE_DECLINED_KEY, 'true')
      } catch {
        // Storage disabled: the banner asks again on the next page.
      }
    root.dataset.cookieConsent = accepted ? 'true' : 'declined'
  } else if (control.dataset.photo !== undefined) {
    const mouse = event as MouseEvent
    // A new tab or window for the picture itself, as the link asks.
    if (mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey) return
    event.preventDefault()
    showPhoto(photoLinks().indexOf(control as HTMLAnchorElement))
  } else if (control.dataset.lightboxStep) {
    stepPhoto(Number(control.dataset.lightboxStep))
  } else if (control.hasAttribute('data-lightbox-close') || target === control) {
    // The close button, or the dark space around the photo (the dialog itself, not what it holds).
    lightbox()?.close()
  }
})

// ── Toasts: the spec's area at the top right (at most 3, 4 s each, rich colours) ──

const TOAST_COLOURS = {
  success: 'border-green-600/30 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-600/30 bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100',
}

/** Shows `text` briefly; the form's own box says the same to screen readers, so the toast is for the eyes. */
function toast(kind: keyof typeof TOAST_COLOURS, text: string) {
  const area = document.querySelector('[data-toasts]')
  if (!area) return
  const item = document.createElement('li')
  item.dataset.toast = kind
  item.setAttribute('aria-hidden', 'true')
  item.className = `rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${TOAST_COLOURS[kind]}`
  item.textContent = text
  area.prepend(item)
  while (area.children.length > 3) area.lastElementChild!.remove()
  setTimeout(() => item.remove(), 4000)
}

// ── The contact form: sent in the background, the server's answer put in its place ──

const OFFLINE =
  'Your message could not be sent: you appear to be offline. Please try again when you are connected.'
const FAILED = 'Sorry, your message could not be sent. Please try again in a moment.'

async function sendContactForm(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const label = button?.querySelector('[data-label]')
  if (button?.disabled) return
  if (button) button.disabled = true
  if (label) label.textContent = 'Sending...'
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: 'text/html' },
    })
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    const answer = page.querySelector<HTMLFormElement>('form[data-contact-form]')
    if (!answer) throw new Error(`no form in the answer (${response.status})`)
    form.replaceWith(answer)
    const box = answer.querySelector<HTMLElement>('[role="status"],[role="alert"]')
    box?.focus()
    if (box) toast(box.getAttribute('role') === 'status' ? 'success' : 'error', box.textContent ?? '')
  } catch {
    showFormProblem(form, navigator.onLine ? FAILED : OFFLINE)
    if (button) button.disabled = false
    if (label) label.textContent = 'Send Message'
  }
}

/** The red box above the fields, keeping what the visitor typed. */
function showFormProblem(form: HTMLFormElement, message: string) {
  form.querySelector('[data-form-status]')?.remove()
  const box = document.createElement('div')
  box.dataset.formStatus = ''
  box.setAttribute('role', 'alert')
  box.tabIndex = -1
  box.className =
    'flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 font-medium text-red-800 dark:bg-red-950/50 dark:text-red-100'
  box.textContent = message
  form.prepend(box)
  box.focus()
  toast('error', message)
}

document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement
  if (!form.matches('form[data-contact-form]')) return
  event.preventDefault()
  void sendContactForm(form)
})

// ── Maps: Leaflet's own files, fetched when a map is about to scroll into view ──

let leaflet: Promise<void> | undefined

function loadLeaflet(base: string) {
  leaflet ??= new Promise<void>((resolve, reject) => {
    const style = document.createElement('link')
    style.rel = 'stylesheet'
    style.href = `${base}/leaflet.css`
    document.head.append(style)
    const script = document.createElement('script')
    script.src = `${base}/leaflet.js`
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('Leaflet did not load'))
    document.head.append(script)
  })
  return leaflet
}

interface LeafletGlobal {
  map(element: HTMLElement, options: object): LeafletMap
  tileLayer(url: string, options: object): { addTo(map: LeafletMap): void }
  marker(position: [number, number], options: object): LeafletMarker
}
interface LeafletMap {
  setView(position: [number, number], zoom: number): LeafletMap
}
interface LeafletMarker {
  addTo(map: LeafletMap): LeafletMarker
  bindPopup(text: string, options: object): LeafletMarker
  openPopup(): LeafletMarker
}

async function showMap(box: HTMLElement) {
  const { latitude, longitude, name = '', zoom, tiles = '', attribution = '', leafletBase = '' } = box.dataset
  const position: [number, number] = [Number(latitude), Number(longitude)]
  await loadLeaflet(leafletBase)
  const L = (window as unknown as { L: LeafletGlobal }).L
  const canvas = document.createElement('div')
  canvas.className = 'size-full'
  box.replaceChildren(canvas)
  const map = L.map(canvas, { scrollWheelZoom: false }).setView(position, Number(zoom) || 15)
  L.tileLayer(tiles, { attribution }).addTo(map)
  const label = document.createElement('span')
  label.textContent = name
  L.marker(position, { alt: name }).addTo(map).bindPopup(label.innerHTML, { autoPan: false }).openPopup()
}

function watchMaps() {
  const boxes = document.querySelectorAll<HTMLElement>('[data-map][data-latitude]')
  if (boxes.length === 0) return
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer.unobserve(entry.target)
        // Without Leaflet the link to OpenStreetMap stays: nothing is lost.
        showMap(entry.target as HTMLElement).catch(() => {})
      }
    },
    { rootMargin: '400px' },
  )
  for (const box of boxes) observer.observe(box)
}

// ── Start ──

showPreferences()
for (const section of document.querySelectorAll<HTMLElement>('[data-slideshow]')) startSlideshow(section)
watchMaps()
// Tests and monitoring read this to know the page's script has run (the admin sets it when React hydrates).
root.dataset.hydrated = 'true'
