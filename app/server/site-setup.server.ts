import type { Db } from '#app/db/database.server.ts'
import { getAboutUs } from '#app/content/about/model.server.ts'
import { countCarouselSlides } from '#app/content/carousel/model.server.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { countServices } from '#app/content/services/model.server.ts'
import { listNotificationRecipients } from '#app/models/settings.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'

export interface SetupStep {
  key: string
  /** What to do, said as the task ("Add the church's name and contact details"). */
  label: string
  /** The admin screen where it is done. */
  to: string
  done: boolean
}

/**
 * What a new site still needs before visitors see a real church (issue 18): the dashboard shows these steps, each
 * ticked when done, until every one is.
 */
export async function siteSetupSteps({ db }: { db: Db }): Promise<SetupStep[]> {
  const [info, about, services, slides, recipients, languages] = await Promise.all([
    getChurchInfo({ db }),
    getAboutUs({ db }),
    countServices({ db }),
    countCarouselSlides({ db }),
    listNotificationRecipients({ db }),
    readSiteLanguages({ db }),
  ])
  const filled = (value: string | null | undefined) => Boolean(value?.trim())
  // The home page's welcome is church info's description, under "Welcome to Our Church".
  const [, ...others] = languages
  const welcomeMissing = others.filter(
    (language) => !htmlToText(info?.translations[language]?.description).trim(),
  )
  return [
    {
      key: 'contact',
      label: 'Add the church’s name and contact details',
      to: '/admin/church-info',
      // Someone who wants to come needs to know where, and how to ask.
      done: filled(info?.name) && filled(info?.address) && (filled(info?.phone) || filled(info?.email)),
    },
    {
      key: 'logo',
      label: 'Upload the church’s logo',
      to: '/admin/church-info',
      done: filled(info?.logo_url),
    },
    { key: 'about', label: 'Tell your story on About Us', to: '/admin/about', done: about !== null },
    { key: 'services', label: 'Add at least one service', to: '/admin/services', done: services > 0 },
    {
      key: 'carousel',
      label: 'Add a slide to the home page',
      to: '/admin/carousel',
      done: slides > 0,
    },
    {
      key: 'notifications',
      label: 'Choose who is e-mailed new messages',
      to: '/admin/settings',
      done: recipients.length > 0,
    },
    // Once the site has a second language: the first words a visitor reads, in it too.
    ...(others.length > 0
      ? [
          {
            key: 'translate-welcome',
            label: 'Translate your welcome',
            to: `/admin/church-info?lang=${welcomeMissing[0] ?? others[0]}`,
            done: welcomeMissing.length === 0,
          },
        ]
      : []),
  ]
}
