import { HtmlValidate } from 'html-validate'
import { describe, expect, test } from 'vitest'

import { SITE_PAGES } from '#app/content/registry.ts'
import { useServer } from './support.ts'

// Markup is the same on both databases: SQLite alone, with the demo content (its slideshow, lightbox, events and
// sermons are what is checked).
const validator = new HtmlValidate({ extends: ['html-validate:standard'] })

describe('the public pages’ HTML', () => {
  const ctx = useServer({ name: 'SQLite', postgresUrl: undefined }, { seed: true })

  /** Every page of the registry, plus the first event's, sermon's and series' own pages. */
  async function pages() {
    // Pages there only at times are checked on their own (the live page: live.test.ts, in each state).
    const paths: string[] = Object.values(SITE_PAGES)
      .filter((page) => !page.when)
      .map((page) => page.path)
    const [events, sermons, series] = await Promise.all(
      ['events', 'sermons', 'sermon_series'].map(
        async (table) => (await ctx.anonymous.get<Array<{ id: string }>>(`/api/${table}`)).body,
      ),
    )
    paths.push(`/events/${events[0].id}`, `/sermons/${sermons[0].id}`, `/sermons/series/${series[0].id}`)
    paths.push('/no-such-page')
    return paths
  }

  test('is valid by html-validate’s standard rules on every page', async () => {
    const problems: string[] = []
    for (const path of await pages()) {
      const html = (await ctx.anonymous.get(path)).text
      const report = await validator.validateString(html, path)
      for (const result of report.results) {
        for (const message of result.messages) {
          problems.push(`${path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})
