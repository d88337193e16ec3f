/**
 * The gallery's lightbox: a photo link opens its picture in a modal <dialog> instead of on a page of its own;
 * previous and next (buttons or arrow keys) wrap around within the photos shown, i.e. the filtered list. Escape is
 * the dialog's own; Close or a tap on the dark space around the photo closes it.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data, DialogId } from '../markup.ts'

/** The photo shown: its index among the page's photo links, -1 before the first. */
let photo = -1

const findLightbox = () => document.getElementById(DialogId.lightbox) as HTMLDialogElement | null
const photoLinks = () => [...document.querySelectorAll<HTMLAnchorElement>(`a[${Data.photo}]`)]

function showPhoto(index: number) {
  const dialog = findLightbox()
  const links = photoLinks()
  if (!dialog || links.length === 0) return
  photo = (index + links.length) % links.length
  const link = links[photo]
  const thumbnail = link.querySelector('img')
  const image = dialog.querySelector<HTMLImageElement>(`[${Data.lightboxImage}]`)!
  const title = link.getAttribute(Data.photoTitle) ?? ''
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
  const fill = (part: Data, text: string) => (dialog.querySelector(`[${part}]`)!.textContent = text)
  fill(Data.lightboxTitle, title)
  fill(Data.lightboxCategory, link.getAttribute(Data.photoCategory) ?? '')
  fill(Data.lightboxPosition, String(photo + 1))
  fill(Data.lightboxCount, String(links.length))
  dialog.toggleAttribute(Data.lightboxSingle, links.length < 2)
  if (!dialog.open) dialog.showModal()
}

function stepPhoto(delta: number) {
  if (photo >= 0) showPhoto(photo + delta)
}

export const lightbox: Behaviour = {
  selector: `a[${Data.photo}],[${Data.lightboxStep}],[${Data.lightboxClose}],#${DialogId.lightbox}`,
  start() {
    document.addEventListener('keydown', (event) => {
      if (!findLightbox()?.open) return
      if (event.key === 'ArrowLeft') stepPhoto(-1)
      else if (event.key === 'ArrowRight') stepPhoto(1)
      else return
      event.preventDefault()
    })
    // A page kept for the back button comes back without a photo left open.
    addEventListener('pagehide', () => findLightbox()?.close())
  },
  click(control, event) {
    if (control.hasAttribute(Data.photo)) {
      // A new tab or window for the picture itself, as the link asks.
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      showPhoto(photoLinks().indexOf(control as HTMLAnchorElement))
    } else if (control.hasAttribute(Data.lightboxStep)) {
      stepPhoto(Number(control.getAttribute(Data.lightboxStep)))
    } else if (control.hasAttribute(Data.lightboxClose) || event.target === control) {
      // The close button, or the dark space around the photo (the dialog itself, not what it holds).
      findLightbox()?.close()
    }
  },
}
