/**
 * A sermon's video, loaded only when asked: the page renders a link to the video (what works without
 * JavaScript); this turns it into a button "Play video: <title>", and a click swaps in the player's iframe.
 * Before the click nothing comes from YouTube or Vimeo, so no third-party cookie is set.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

export const videoFacade: Behaviour = {
  selector: `[${Data.videoFacade}]`,
  start(links) {
    for (const link of links) {
      if (!(link instanceof HTMLAnchorElement)) continue
      const button = document.createElement('button')
      button.type = 'button'
      button.className = link.className
      button.setAttribute(Data.videoFacade, link.getAttribute(Data.videoFacade) ?? '')
      button.setAttribute(Data.videoTitle, link.getAttribute(Data.videoTitle) ?? '')
      button.setAttribute('aria-label', link.getAttribute(Data.playVideoLabel) ?? '')
      button.append(...link.childNodes)
      link.replaceWith(button)
    }
  },
  click(control, event) {
    const embed = control.getAttribute(Data.videoFacade)
    if (!(control instanceof HTMLButtonElement) || !embed) return
    event.preventDefault()
    const frame = document.createElement('iframe')
    frame.src = `${embed}${embed.includes('?') ? '&' : '?'}autoplay=1`
    frame.title = control.getAttribute(Data.videoTitle) ?? ''
    frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture'
    frame.referrerPolicy = 'strict-origin-when-cross-origin'
    frame.className = 'aspect-video w-full rounded-2xl border-0 bg-black shadow-sm'
    control.replaceWith(frame)
    frame.focus()
  },
}
