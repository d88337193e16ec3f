/**
 * The home page's hero slideshow: a new slide every few seconds, dots to jump, pause and play, swipe. Without the
 * script the first slide stays. The slides' pictures after the first wait in `data-src` until the page has loaded
 * (or a slide is asked for), so the first one has the phone's connection to itself.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

/** How long after the load event the later slides' pictures are fetched (at most half a slide's time). */
const PICTURES_AFTER_LOAD_MS = 1000
/** How far a finger moves sideways to swipe to the next or previous slide. */
const SWIPE_PX = 40

function startSlideshow(section: HTMLElement) {
  const slides = [...section.querySelectorAll<HTMLElement>(`[${Data.slide}]`)]
  const dots = [...section.querySelectorAll(`[${Data.slideTo}]`)]
  const toggle = section.querySelector(`[${Data.slideshowToggle}]`)
  const delay = Number(section.getAttribute(Data.slideshowDelay)) || 4000
  if (slides.length < 2) return
  let index = 0
  let timer: ReturnType<typeof setInterval> | undefined

  // The pictures of the slides not shown first are fetched a moment after the page has loaded, so that they
  // never share the phone's connection with the first slide's picture and the page's own files, and well
  // before the first change of slide (or at once when a slide is asked for).
  const fetchPictures = () => {
    for (const image of section.querySelectorAll<HTMLImageElement>(`img[${Data.deferredSrc}]`)) {
      const srcset = image.getAttribute(Data.deferredSrcset)
      if (srcset) image.srcset = srcset
      image.src = image.getAttribute(Data.deferredSrc)!
      image.removeAttribute(Data.deferredSrc)
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
      slide.toggleAttribute(Data.slideActive, position === index)
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
    section.setAttribute(Data.slideshowPlaying, 'true')
    toggle?.setAttribute('aria-label', toggle.getAttribute(Data.pauseLabel) ?? '')
  }
  const pause = () => {
    clearInterval(timer)
    timer = undefined
    section.setAttribute(Data.slideshowPlaying, 'false')
    toggle?.setAttribute('aria-label', toggle.getAttribute(Data.playLabel) ?? '')
  }

  section.addEventListener('click', (event) => {
    const target = event.target as Element
    const dot = target.closest(`[${Data.slideTo}]`)
    if (dot) {
      show(Number(dot.getAttribute(Data.slideTo)))
      if (playing()) play()
    } else if (target.closest(`[${Data.slideshowToggle}]`)) {
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
    if (Math.abs(moved) < SWIPE_PX) return
    show(index + (moved < 0 ? 1 : -1))
    if (playing()) play()
  })
  show(0)
  play()
}

export const slideshow: Behaviour = {
  selector: `[${Data.slideshow}]`,
  start(sections) {
    for (const section of sections) startSlideshow(section)
  },
}
