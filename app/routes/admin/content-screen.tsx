import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router'

import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { ScreenTabs } from '#app/components/admin/screen-tabs.tsx'
import { SingleRecordForm } from '#app/components/admin/single-record-form.tsx'
import type { ListScreen, PagePathOf, PlainScreen, SingleScreen } from '#app/content/declare.ts'
import { pagePath, PLAIN_SCREENS, type PageKey, TABLES, type TableName } from '#app/content/registry.ts'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { type AdminField, type ItemSummary, requiredFrom } from '#app/lib/admin-fields.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import type { ListTableName, SingleTableName } from '#app/content/registry.ts'
import { listModels, singleModels } from '#app/models/content-models.server.ts'
import { type CrudModel, crudAction, singleRecordAction } from '#app/server/admin-actions.server.ts'

/**
 * Every plain screen of the admin, said as data in its kind's declaration (`admin.screen`, decision 0040): a list
 * of records beside their form, or one record's form. The registry routes each such address here with an id of
 * its own; which screen it is comes from the address.
 */

const viewPath: PagePathOf = (key, params) => pagePath(key as PageKey, params)

/** The screen declared at this address (`/admin/sermons/series` → `sermons/series`). */
function screenAt(url: string): { path: string; screen: PlainScreen } {
  const path = new URL(url).pathname
    .replace(/\.data$/, '')
    .replace(/^\/admin\//, '')
    .replace(/\/$/, '')
  const screen = Object.hasOwn(PLAIN_SCREENS, path) ? PLAIN_SCREENS[path] : undefined
  if (!screen) throw new NotFoundError('No such screen')
  return { path, screen }
}

export const meta = ({ loaderData }: { loaderData?: { path: string } }) =>
  adminMeta((loaderData && PLAIN_SCREENS[loaderData.path]?.title) ?? 'Admin')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = context.get(runtimeContext)
  const { path, screen } = screenAt(request.url)
  if (screen.kind === 'single') {
    return { path, items: [], record: await singleModels[screen.table as SingleTableName].get({ db }) }
  }
  return { path, items: await listModels[screen.table as ListTableName].list({ db }), record: null }
}

export async function action(args: ActionFunctionArgs) {
  const { screen } = screenAt(args.request.url)
  if (screen.kind === 'single') {
    return singleRecordAction(
      args,
      singleModels[screen.table as SingleTableName].save,
      screen.toasts,
      screen.view?.(viewPath),
    )
  }
  const view = screen.view as ((record: unknown, pagePath: PagePathOf) => string) | undefined
  return crudAction(
    args,
    listModels[screen.table as ListTableName] as unknown as CrudModel,
    screen.toasts,
    view && ((record) => view(record, viewPath)),
  )
}

const forms = new WeakMap<PlainScreen, ReturnType<typeof makeForm>>()

/**
 * The table's schema, and the fields with `required` read from it: made once per screen, as the form's effects
 * depend on the fields (a new list at each render would move the focus back to the first field at each render).
 */
function formOf(screen: PlainScreen) {
  let form = forms.get(screen)
  if (!form) forms.set(screen, (form = makeForm(screen)))
  return form
}

function makeForm(screen: PlainScreen) {
  const schema = TABLES[screen.table as TableName].schema
  return {
    schema,
    fields: screen.fields.map((field: AdminField) => requiredFrom(schema, field)),
    translate: TABLES[screen.table as TableName].translate,
    headerLinks: screen.tabs ? <ScreenTabs tabs={screen.tabs} /> : undefined,
  }
}

function SingleContentScreen({ screen, record }: { screen: SingleScreen; record: unknown }) {
  const form = formOf(screen)
  return (
    <SingleRecordForm
      title={screen.title}
      description={screen.description}
      formTitle={screen.formTitle}
      fields={form.fields}
      values={(record as Record<string, unknown> | null) ?? {}}
      schema={form.schema}
      translate={form.translate}
      failToast={screen.toasts.failed}
    />
  )
}

function ListContentScreen({ screen, items }: { screen: ListScreen; items: ReadonlyArray<{ id: string }> }) {
  const form = formOf(screen)
  return (
    <CrudScreen
      words={screen}
      items={items}
      fields={form.fields}
      schema={form.schema}
      translate={form.translate}
      ordered={TABLES[screen.table as TableName].order === 'position'}
      headerLinks={form.headerLinks}
      describe={screen.describe as (record: { id: string }) => ItemSummary}
    />
  )
}

export default function ContentScreen() {
  const { path, items, record } = useLoaderData<typeof loader>()
  const screen = PLAIN_SCREENS[path]
  return screen.kind === 'single' ? (
    <SingleContentScreen key={path} screen={screen} record={record} />
  ) : (
    <ListContentScreen key={path} screen={screen} items={items} />
  )
}
