import type { SVGProps } from 'react'
import spriteUrl from 'virtual:icon-sprite'

import { cn } from '#app/lib/cn.ts'

import type { SpriteIconName } from './sprite-icons.ts'

/**
 * An icon of the public site: an `<svg>` that uses its symbol in the site's sprite, a file built with the site
 * under a name that changes with its contents (vite.config.ts), so browsers keep it for a year and every page
 * after the first draws its icons from the cache. The stroke's look (lucide's: 2 units, round, the text's
 * colour) and a 24 px box until a size class says otherwise come from `.icon` (theme.css). Decorative, as
 * lucide's are without a label: the control around it carries the words.
 */
function spriteIcon(name: SpriteIconName) {
  function SpriteIcon({ className, ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg className={cn('icon', className)} aria-hidden="true" {...props}>
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    )
  }
  SpriteIcon.displayName = name
  return SpriteIcon
}

export const ArrowLeft = spriteIcon('arrow-left')
export const ArrowRight = spriteIcon('arrow-right')
export const BookOpen = spriteIcon('book-open')
export const Bus = spriteIcon('bus')
export const CalendarClock = spriteIcon('calendar-clock')
export const CalendarDays = spriteIcon('calendar-days')
export const CalendarPlus = spriteIcon('calendar-plus')
export const CalendarX2 = spriteIcon('calendar-x-2')
export const Car = spriteIcon('car')
export const Check = spriteIcon('check')
export const CheckCircle2 = spriteIcon('circle-check')
export const ChevronLeft = spriteIcon('chevron-left')
export const ChevronRight = spriteIcon('chevron-right')
export const CircleAlert = spriteIcon('circle-exclamation-point')
export const Clock = spriteIcon('clock')
export const Compass = spriteIcon('compass')
export const Cookie = spriteIcon('cookie')
export const Download = spriteIcon('download')
export const ExternalLink = spriteIcon('external-link')
export const Eye = spriteIcon('eye')
export const FileText = spriteIcon('file-text')
export const GraduationCap = spriteIcon('graduation-cap')
export const HandHeart = spriteIcon('hand-heart')
export const Headphones = spriteIcon('headphones')
export const Heart = spriteIcon('heart')
export const Home = spriteIcon('house')
export const Mail = spriteIcon('mail')
export const MapPin = spriteIcon('map-pin')
export const Menu = spriteIcon('menu')
export const MessageCircle = spriteIcon('message-circle')
export const Moon = spriteIcon('moon')
export const Navigation = spriteIcon('navigation')
export const Palette = spriteIcon('palette')
export const Pause = spriteIcon('pause')
export const Phone = spriteIcon('phone')
export const Play = spriteIcon('play')
export const Radio = spriteIcon('radio')
export const Repeat = spriteIcon('repeat')
export const Rss = spriteIcon('rss')
export const Send = spriteIcon('send')
export const Sparkles = spriteIcon('sparkles')
export const Sun = spriteIcon('sun')
export const Target = spriteIcon('target')
export const Ticket = spriteIcon('ticket')
export const Train = spriteIcon('tram-front')
export const UserRound = spriteIcon('user-round')
export const X = spriteIcon('x')
