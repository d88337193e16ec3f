import {
  createContext,
  data,
  type MiddlewareFunction,
  redirect,
  type RouterContextProvider,
} from 'react-router'

import { touchSession } from './account-sessions.server.ts'
import type { AdminArea } from '#app/lib/admin-areas.ts'
import { areasOf, mayUse, refusalMessage, roleOf } from './roles.server.ts'
import { runtimeContext } from '#app/context.ts'
import type { Clock } from '#app/lib/clock.ts'
import { HttpError } from '#app/lib/errors.ts'
import { adminReturnPath } from '#app/lib/return-path.ts'
import type { Actor } from '#app/models/activity.server.ts'
import { getRegistrationSettings, getRequireTwoStep } from '#app/models/settings.server.ts'
import { CONTENT_SCREENS, type TableDeclaration, type TableName, TABLES } from '#app/content/registry.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

export type AdminSession = NonNullable<Awaited<ReturnType<AppRuntime['auth']['api']['getSession']>>>

export const SIGN_IN_PAGE = '/admin/login'

/**
 * The sign-in page for someone signed out who asked for `request`'s admin page: it brings them back there after
 * signing in (`/admin/login?next=%2Fadmin%2Fmessages%3Fmessage%3D…`, the link of an alert e-mail), the dashboard
 * being where signing in leads anyway. A client navigation's `.data` request names the page it is for.
 */
export function signInPageFor(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('_routes')
  url.searchParams.delete('index')
  const back = adminReturnPath(`${url.pathname.replace(/\.data$/, '')}${url.search}`)
  return back && back !== '/admin' && back !== '/admin/dashboard'
    ? `${SIGN_IN_PAGE}?next=${encodeURIComponent(back)}`
    : SIGN_IN_PAGE
}

/** The signed-in administrator's session, or null. */
export async function getAdminSession(request: Request, runtime: AppRuntime): Promise<AdminSession | null> {
  return runtime.auth.api.getSession({ headers: request.headers })
}

/** The person of a session as the activity log records them, at the server's clock's now. */
export function actorFromSession(session: AdminSession, clock: Clock): Actor {
  const { id, name, email } = session.user
  return { userId: id, name: name || email, email, at: clock.now() }
}

/** My account, where someone sent to set up two-step sign-in does it. */
export const ACCOUNT_PAGE = '/admin/account'
export const TWO_STEP_REQUIRED_MESSAGE =
  'Administrators require two-step sign-in for everyone: set it up on My account (/admin/account) first'

/** Whether administrators require two-step sign-in and this person has not set it up yet. */
async function lacksRequiredTwoStep(runtime: AppRuntime, session: AdminSession) {
  return !session.user.twoFactorEnabled && (await getRequireTwoStep({ db: runtime.db }))
}

/** Whether this signed-in person's role lets them use this part of the admin (roles.server.ts). */
export function sessionMayUse(session: AdminSession, area: AdminArea) {
  return mayUse(roleOf(session.user), area)
}

/**
 * The API's guard: the session of someone whose role may use `area`; without a session a 401, with a role that
 * may not a 403 (roles.server.ts says who may use what).
 */
export async function requireApiAccess(request: Request, runtime: AppRuntime, area: AdminArea) {
  const session = await getAdminSession(request, runtime)
  if (!session) throw new HttpError(401, 'Sign in to do this')
  if (!sessionMayUse(session, area)) throw new HttpError(403, refusalMessage(area))
  if (await lacksRequiredTwoStep(runtime, session)) throw new HttpError(403, TWO_STEP_REQUIRED_MESSAGE)
  return session
}

/**
 * For API reads: anyone may read a public table (app/content/registry.ts); the one that is not, the visitors'
 * messages, needs someone who may use Messages.
 */
export async function requireReader(request: Request, runtime: AppRuntime, table: TableName) {
  if (!TABLES[table].public) await requireApiAccess(request, runtime, 'messages')
  return { publicOnly: await readsAsPublic(request, runtime, table) }
}

/**
 * Whether a read of `table` sees only what its declaration's `publicWhere` shows the public (published sermons):
 * yes for everyone but staff who may use the content screens.
 */
async function readsAsPublic(request: Request, runtime: AppRuntime, table: TableName) {
  const declaration: TableDeclaration = TABLES[table]
  if (!declaration.publicWhere || Object.keys(declaration.publicWhere).length === 0) return false
  const session = await getAdminSession(request, runtime)
  return !session || !sessionMayUse(session, 'content') || (await lacksRequiredTwoStep(runtime, session))
}

/**
 * The admin's pages outside the content screens, which check their own area (requireArea): a person without the
 * content screens may ask for these and no others. The dashboard sends a treasurer on to the Gifts screen.
 */
const OWN_AREA_PAGES = [
  '/admin/dashboard',
  ACCOUNT_PAGE,
  '/admin/settings',
  '/admin/staff',
  '/admin/activity',
  ...CONTENT_SCREENS.flatMap((screen) =>
    (screen.more ?? []).flatMap((more) =>
      more.section && more.section.area !== 'content' ? [`/admin/${more.path}`] : [],
    ),
  ),
]

const isUnder = (page: string, own: string) => page === own || page.startsWith(`${own}/`)

/** The admin area's session, as its guard found it (null only in an action, when the session has ended). */
const adminSessionContext = createContext<AdminSession | null>(null)

/**
 * The admin area's guard, run before the loaders and actions of every page under the admin layout (and their
 * `.data` requests): a visitor without a session who asks for a page goes to the sign-in screen. A save sent
 * after the session ended still reaches its action, which refuses it in its own words and keeps the form as
 * typed (server/admin-actions.server.ts) rather than redirecting the work away.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const runtime = context.get(runtimeContext)
  const session = await getAdminSession(request, runtime)
  if (!session && (request.method === 'GET' || request.method === 'HEAD'))
    throw redirect(signInPageFor(request))
  if (session) await touchSession(runtime, session)
  // A role the site does not know (roles.server.ts) may use nothing of the admin; one without the content screens
  // (a treasurer, decision 0037) only the screens of its areas, each of which checks its own.
  const { pathname } = new URL(request.url)
  if (session && !sessionMayUse(session, 'content')) {
    const page = pathname.replace(/\.data$/, '')
    if (areasOf(roleOf(session.user)).length === 0 || !OWN_AREA_PAGES.some((own) => isUnder(page, own))) {
      throw data(refusalMessage('content'), { status: 403 })
    }
  }
  // Two-step sign-in required of everyone: until they set it up, people use My account and nothing else.
  if (
    session &&
    pathname.replace(/\.data$/, '') !== ACCOUNT_PAGE &&
    (await lacksRequiredTwoStep(runtime, session))
  ) {
    if (request.method === 'GET' || request.method === 'HEAD')
      throw redirect(`${ACCOUNT_PAGE}?two-step=required`)
    throw data(TWO_STEP_REQUIRED_MESSAGE, { status: 403 })
  }
  context.set(adminSessionContext, session)
  return next()
}

/** In an admin page's loader: the person the guard let in. */
export function adminSession(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext)
  if (!session) throw redirect(SIGN_IN_PAGE)
  return session
}

/** In an admin page's action: the person, or null when the session has ended since the page loaded. */
export function adminSessionOrNull(context: Readonly<RouterContextProvider>): AdminSession | null {
  return context.get(adminSessionContext)
}

/**
 * The pages' role guard, first thing in the loader and the action of a page only some roles may use (Messages,
 * its export, Staff, Settings): a person whose role may not use `area` gets a 403 page (or a 403 answer to the
 * page's `.data` request or form post) saying so. In a loader it answers the session (or sends a visitor without
 * one to sign in); in an action the session or null, which the action refuses in its own words.
 */
export function requireArea(context: Readonly<RouterContextProvider>, area: AdminArea): AdminSession
export function requireArea(
  context: Readonly<RouterContextProvider>,
  area: AdminArea,
  options: { inAction: true },
): AdminSession | null
export function requireArea(
  context: Readonly<RouterContextProvider>,
  area: AdminArea,
  options?: { inAction: true },
): AdminSession | null {
  const session = options?.inAction ? adminSessionOrNull(context) : adminSession(context)
  if (session && !sessionMayUse(session, area)) throw data(refusalMessage(area), { status: 403 })
  return session
}

export const REGISTRATIONS_REFUSAL =
  'Only administrators can manage event registrations, unless an administrator lets editors do so in Settings'

export const SUBSCRIBERS_REFUSAL =
  'Only administrators can use Subscribers (the weekly news’ list), unless an administrator lets editors in through Settings'

/**
 * Visitors' personal data that administrators (who may use Messages) always manage, and editors only when an
 * administrator allowed it in Settings: event registrations and the weekly news' subscribers.
 */
const PERSONAL_DATA = {
  registrations: { setting: 'editors_manage_registrations', refusal: REGISTRATIONS_REFUSAL },
  subscribers: { setting: 'editors_manage_subscribers', refusal: SUBSCRIBERS_REFUSAL },
} as const

type PersonalData = keyof typeof PERSONAL_DATA

async function mayManage(personal: PersonalData, runtime: Pick<AppRuntime, 'db'>, session: AdminSession) {
  if (sessionMayUse(session, 'messages')) return true
  if (!sessionMayUse(session, 'content')) return false
  return (await getRegistrationSettings({ db: runtime.db }))[PERSONAL_DATA[personal].setting]
}

/** The API's guard for personal data: 401 without a session, 403 for a person who may not manage it. */
async function requirePersonalDataApiAccess(personal: PersonalData, request: Request, runtime: AppRuntime) {
  const session = await requireApiAccess(request, runtime, 'content')
  if (!(await mayManage(personal, runtime, session)))
    throw new HttpError(403, PERSONAL_DATA[personal].refusal)
  return session
}

/** A screen's guard (loader and action, after the admin layout's): a 403 page for others. */
interface PersonalDataGuard {
  (context: Readonly<RouterContextProvider>): Promise<AdminSession>
  (context: Readonly<RouterContextProvider>, options: { inAction: true }): Promise<AdminSession | null>
}

function personalDataGuard(personal: PersonalData): PersonalDataGuard {
  return (async (context: Readonly<RouterContextProvider>, options?: { inAction: true }) => {
    const session = options?.inAction ? adminSessionOrNull(context) : adminSession(context)
    if (session && !(await mayManage(personal, context.get(runtimeContext), session))) {
      throw data(PERSONAL_DATA[personal].refusal, { status: 403 })
    }
    return session
  }) as PersonalDataGuard
}

/** Whether this person may see and manage event registrations. */
export const mayManageRegistrations = (runtime: Pick<AppRuntime, 'db'>, session: AdminSession) =>
  mayManage('registrations', runtime, session)
export const requireRegistrationsApiAccess = (request: Request, runtime: AppRuntime) =>
  requirePersonalDataApiAccess('registrations', request, runtime)
export const requireRegistrationsArea = personalDataGuard('registrations')

/** Whether this person may see and manage the weekly news' subscribers. */
export const mayManageSubscribers = (runtime: Pick<AppRuntime, 'db'>, session: AdminSession) =>
  mayManage('subscribers', runtime, session)
export const requireSubscribersApiAccess = (request: Request, runtime: AppRuntime) =>
  requirePersonalDataApiAccess('subscribers', request, runtime)
export const requireSubscribersArea = personalDataGuard('subscribers')
