import { site } from './site.ts'
import { publicPages } from './public-pages.ts'
import { events } from './events.ts'
import { news } from './news.ts'

/**
 * The public site's fixed texts in English: the catalogue every other language's is checked against (../shape.ts),
 * one file per area. Keys are grouped by where they show; `{{name}}` is filled in when the text is used,
 * `_one`/`_other` are plurals.
 */
export const en = { ...site, ...publicPages, ...events, ...news }
