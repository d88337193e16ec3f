import { Languages } from 'lucide-react'
import { Tabs } from 'radix-ui'

import type { AdminField } from '#app/lib/admin-fields.ts'
import { FormField } from './form-field.tsx'
import { LanguageLabel } from './language-label.tsx'
import { useLanguageTab } from './use-language-tab.ts'
import { useSiteLanguages } from './use-site-languages.ts'
import { cn } from '#app/lib/cn.ts'
import { languageName, type Translations } from '#app/lib/languages.ts'

/** The name of a translation's form field: `translations.ml.title`, read back by the admin's actions. */
const translationName = (language: string, field: string) => `translations.${language}.${field}`

/**
 * The fields a translation tab shows, in the form's order: each of the form's fields that its table translates,
 * and those a screen's own control stands for (an event's date and time text). A field the form does not show
 * at all is still offered, as text, so no translatable word is out of reach.
 */
export function translatedFields(fields: readonly AdminField[], translate: readonly string[]): AdminField[] {
  const shown = fields.flatMap((field) => (field.kind === 'custom' ? (field.translates ?? []) : [field]))
  const inForm = shown.filter((field) => translate.includes(field.name))
  const missing = translate.filter((name) => !inForm.some((field) => field.name === name))
  return [
    ...inForm,
    ...missing.map((name): AdminField => ({ kind: 'text', name, label: name.replaceAll('_', ' ') })),
  ].map((field): AdminField => {
    const { name, label, hint } = field
    // A translation is never required (the main text stands in) and has no English example to copy; each takes
    // the form's width, under its own main text (two side by side would stand at different heights). A list is
    // translated as it is typed, one item per line.
    if (field.kind === 'lines') return { kind: 'lines', name, label, hint, rows: field.rows }
    if (field.kind === 'textarea') return { kind: 'textarea', name, label, hint, rows: 3 }
    return { kind: field.kind === 'rich-text' ? 'rich-text' : 'text', name, label, hint }
  })
}

/** A language tab, raised when chosen. */
const TAB_CLASSES = cn(
  'inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-gray-700 transition-colors',
  'hover:bg-gray-100 hover:text-gray-950',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  'data-[state=active]:bg-white data-[state=active]:text-gray-950 data-[state=active]:shadow-sm data-[state=active]:ring-1 data-[state=active]:ring-gray-200',
)
// Every panel stays in the form (mounted and only hidden), so its fields are sent with every save. A panel is no
// stop of its own for Tab (Radix makes it one): the tab is followed by the panel's first field.
const PANEL_CLASSES = cn('mt-5', 'data-[state=inactive]:hidden')

/**
 * The fields of a content form. On a site of more than one language, a tab per language (the WAI-ARIA tabs
 * pattern: arrow keys move between tabs): the main language's holds the whole form; each other one the fields its
 * table translates (`translate` in its declaration), each under its main-language text. Every tab's fields stay in
 * the form, so one save sends the record and its translations together.
 */
export function LanguageTabs({
  formId,
  fields,
  values,
  errors,
  translate = [],
}: {
  formId: string
  fields: readonly AdminField[]
  values: Record<string, unknown>
  errors: Record<string, string>
  translate?: readonly string[]
}) {
  const [main = 'en', ...others] = useSiteLanguages()
  const { tab, choose, panels, typed } = useLanguageTab(others, errors)

  const mainFields = (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          formId={formId}
          value={values[field.name]}
          error={errors[field.name]}
          record={values}
          errors={errors}
        />
      ))}
    </div>
  )
  if (others.length === 0 || translate.length === 0) return mainFields

  const translations = (values.translations ?? {}) as Translations
  const shown = translatedFields(fields, translate)
  const mainText = (name: string) => {
    const text = typed && name in typed ? typed[name] : values[name]
    // A list (a ministry's activities) as its form field holds it: one item per line.
    return typeof text === 'string' ? text : Array.isArray(text) ? text.join('\n') : ''
  }
  return (
    <Tabs.Root value={tab} onValueChange={choose} ref={panels}>
      <LanguageTabList main={main} others={others} errors={errors} />
      <Tabs.Content value="main" forceMount tabIndex={-1} className={PANEL_CLASSES}>
        {mainFields}
      </Tabs.Content>
      {others.map((language) => (
        <TranslationPanel
          key={language}
          formId={formId}
          main={main}
          language={language}
          fields={shown}
          values={translations[language]}
          errors={errors}
          mainText={mainText}
        />
      ))}
    </Tabs.Root>
  )
}

/** The tabs, each named in its language's own words; a tab whose fields are in error says so. */
function LanguageTabList({
  main,
  others,
  errors,
}: {
  main: string
  others: readonly string[]
  errors: Record<string, string>
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Languages aria-hidden="true" className="size-4 text-gray-500" />
      <Tabs.List
        aria-label="Language of the text"
        className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1"
      >
        <Tabs.Trigger value="main" className={TAB_CLASSES}>
          <LanguageLabel code={main} />
        </Tabs.Trigger>
        {others.map((language) => (
          <Tabs.Trigger key={language} value={language} className={TAB_CLASSES}>
            <LanguageLabel code={language} />
            {Object.keys(errors).some((key) => key.startsWith(`translations.${language}.`)) ? (
              <span className="text-red-700">
                <span aria-hidden="true"> !</span>
                <span className="sr-only">, has a problem</span>
              </span>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </div>
  )
}

/** One language's panel: what it is for, then each translated field under its main-language text. */
function TranslationPanel({
  formId,
  main,
  language,
  fields,
  values,
  errors,
  mainText,
}: {
  formId: string
  main: string
  language: string
  fields: readonly AdminField[]
  /** This language's translation as stored. */
  values: Translations[string] | undefined
  errors: Record<string, string>
  /** A field's main text, as the form holds it now. */
  mainText: (name: string) => string
}) {
  return (
    <Tabs.Content value={language} forceMount tabIndex={-1} className={PANEL_CLASSES}>
      <p className="mb-5 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950">
        The words visitors read on the <LanguageLabel code={language} /> pages. A field left empty shows the{' '}
        {languageName(main, 'en')} text there. Dates, pictures and settings are shared: change them on the{' '}
        {languageName(main, 'en')} tab.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => {
          const name = translationName(language, field.name)
          return (
            <FormField
              key={name}
              field={{ ...field, name }}
              formId={formId}
              value={values?.[field.name]}
              error={errors[name]}
              lang={language}
              reference={{
                id: `${formId}-${name}-main`,
                content: (
                  <MainText
                    id={`${formId}-${name}-main`}
                    language={main}
                    html={field.kind === 'rich-text'}
                    text={mainText(field.name)}
                  />
                ),
              }}
            />
          )
        })}
      </div>
    </Tabs.Content>
  )
}

/** A field's main-language text, shown above its translation (and read with it as the field's description). */
function MainText({
  id,
  language,
  html,
  text,
}: {
  id: string
  language: string
  html: boolean
  text: string
}) {
  const empty = html ? text.replace(/<[^>]*>/g, '').trim() === '' : text.trim() === ''
  return (
    <div
      id={id}
      className="rounded-md border border-dashed border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-700"
    >
      <span
        aria-hidden="true"
        className="mb-0.5 block text-xs font-semibold tracking-wide text-gray-600 uppercase"
      >
        {languageName(language, 'en')}
      </span>
      {/* Read as the field's description: "English: Sunday Worship". */}
      <span className="sr-only">{languageName(language, 'en')}: </span>
      {empty ? (
        <span className="text-gray-600 italic">Not written yet</span>
      ) : html ? (
        // Rich text as stored (sanitised on save) or as the editor wrote it (only what its schema allows).
        <div lang={language} className="admin-rich-text" dangerouslySetInnerHTML={{ __html: text }} />
      ) : (
        <span lang={language} className="block whitespace-pre-line">
          {text}
        </span>
      )}
    </div>
  )
}
