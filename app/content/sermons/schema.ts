import { z } from 'zod'

import {
  optionalImageAlt,
  optionalImageUrl,
  optionalId,
  optionalText,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '#app/schemas/fields.ts'

export const SCRIPTURE_MAX_LENGTH = 200

export const SermonSeriesSchema = z.object({
  title: requiredText('Title'),
  description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
  image_url: optionalImageUrl(),
  image_alt: optionalImageAlt(),
})

export const SpeakerSchema = z.object({
  name: requiredText('Name'),
  role: optionalText('Role'),
  image_url: optionalImageUrl(),
  image_alt: optionalImageAlt(),
  bio: optionalText('Bio', RICH_TEXT_MAX_LENGTH),
})

export const SERMON_STATUSES = ['draft', 'published'] as const

/** A date `YYYY-MM-DD` that exists (no 31 February). */
const preachedOn = z
  .string({ error: 'Date preached is required' })
  .trim()
  .min(1, 'Date preached is required')
  .refine(
    (value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
      if (!match) return false
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
      return date.toISOString().slice(0, 10) === value
    },
    { message: 'Date preached must be a date such as 2026-11-22' },
  )

/** An address on the web (`https://…`) or a file uploaded here (`/media/…`). */
function optionalLink(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(URL_MAX_LENGTH, `${label} must be at most ${URL_MAX_LENGTH} characters`)
    .refine(
      (value) =>
        value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) || /^\/media\/[\w./-]+$/.test(value),
      {
        message: `${label} must be a web address (https://…) or a file uploaded to this site`,
      },
    )
    .refine((value) => !value.includes('..'), { message: `${label} must be a web address` })
    .nullish()
    .transform((value) => (value ? value : null))
}

const VIDEO_HOSTS =
  /^(?:www\.|m\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)$/i

/** Whether an address is a video on YouTube or Vimeo (the only players the site will show). */
export function isVideoAddress(value: string) {
  try {
    const url = new URL(value)
    return /^https?:$/.test(url.protocol) && VIDEO_HOSTS.test(url.hostname) && url.pathname.length > 1
  } catch {
    return false
  }
}

export const SermonSchema = z.object({
  title: requiredText('Title'),
  preached_on: preachedOn,
  series_id: optionalId('Series'),
  speaker_id: optionalId('Speaker'),
  /** As staff typed it ("John 3:16-21; Rom 8"); read into `scripture_osis` on every save. */
  scripture: optionalText('Scripture', SCRIPTURE_MAX_LENGTH),
  summary: optionalText('Summary', RICH_TEXT_MAX_LENGTH),
  audio_url: optionalLink('Audio'),
  video_url: optionalText('Video', URL_MAX_LENGTH).refine(
    (value) => value === null || isVideoAddress(value),
    {
      message: 'Video must be a YouTube or Vimeo address, such as https://www.youtube.com/watch?v=…',
    },
  ),
  notes_url: optionalLink('Notes'),
  transcript_url: optionalLink('Transcript'),
  image_url: optionalImageUrl(),
  image_alt: optionalImageAlt(),
  status: z
    .enum(SERMON_STATUSES, { error: 'Status must be draft or published' })
    .nullish()
    .transform((value) => value ?? 'draft'),
})
