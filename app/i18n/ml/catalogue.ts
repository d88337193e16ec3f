import type { Messages } from '../shape.ts'

import { site } from './site.ts'
import { publicPages } from './public-pages.ts'
import { events } from './events.ts'
import { news } from './news.ts'

/** The public site's fixed texts in Malayalam (മലയാളം): every key of English's (../en/catalogue.ts). */
export const ml: Messages = { ...site, ...publicPages, ...events, ...news }
