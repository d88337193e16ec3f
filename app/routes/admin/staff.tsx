import { Check, Copy, Mail, Send, Trash2, UserPlus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, useActionData, useNavigation, useSubmit } from 'react-router'

import type { Route } from './+types/staff.ts'
import { ROLE_LIST, ROLE_NAMES } from '#app/auth/roles.server.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { FormError } from '#app/components/admin/form-error.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { runtimeContext } from '#app/context.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { listStaff, staffAction } from '#app/server/staff.server.ts'

export const meta = () => adminMeta('Staff')

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireArea(context, 'staff')
  const runtime = context.get(runtimeContext)
  const [members, timeZone] = await Promise.all([listStaff(runtime), churchTimeZone({ db: runtime.db })])
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString('en-IE', {
          timeZone,
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })
      : null
  return {
    me: session.user.id,
    mailEnabled: runtime.mail !== null,
    roles: ROLE_LIST.map((role) => ({ value: role, label: ROLE_NAMES[role] })),
    members: members.map((member) => ({
      ...member,
      roleName: member.role ? ROLE_NAMES[member.role] : 'No role',
      lastSignInText: when(member.lastSignIn),
      invitationEndsText: when(member.invitationEnds),
    })),
  }
}

export function action(args: Route.ActionArgs) {
  return staffAction(args)
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'

type StaffResult = AdminActionResult & { link?: string; linkFor?: string }

export default function StaffScreen({ loaderData }: Route.ComponentProps) {
  const { members, roles, me, mailEnabled } = loaderData
  const result = useActionData<typeof action>() as StaffResult | undefined
  const navigation = useNavigation()
  const idle = navigation.state === 'idle'
  useResultToast(result, idle)
  const inviteForm = useRef<HTMLFormElement>(null)
  const inviting = !idle && navigation.formData?.get('intent') === 'invite'
  const inviteError = result && !result.ok && result.intent === 'invite' ? result : null
  useEffect(() => {
    if (result?.ok && result.intent === 'invite') inviteForm.current?.reset()
  }, [result])
  const fieldError = (name: string) => inviteError?.fields?.[name]

  return (
    <>
      <PageHeader title="Staff" description="Everyone who can sign in to this admin, and what they may do." />
      {result?.ok && result.link ? <LinkToCopy link={result.link} email={result.linkFor ?? ''} /> : null}
      <section
        aria-labelledby="invite-heading"
        className="mb-8 rounded-lg border border-gray-200 bg-white p-5 shadow-xs sm:p-6"
      >
        <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-950">
          <UserPlus aria-hidden="true" className="size-5 text-primary" />
          Invite someone
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {mailEnabled
            ? 'They get an e-mail with a link to choose their password; it works once, for 7 days.'
            : 'E-mail is not set up, so you get a link to send them yourself; it works once, for 7 days.'}{' '}
          Editors change the website’s content; treasurers see the gifts and nothing else; administrators do
          both, read Messages and manage Staff and Settings.
        </p>
        <Form
          method="post"
          ref={inviteForm}
          className="mt-4 grid gap-4 md:grid-cols-[2fr_2fr_1fr_auto] md:items-start"
        >
          <input type="hidden" name="intent" value="invite" />
          <FormError message={inviteError?.error} className="md:col-span-4" />
          <div className="space-y-1.5">
            <Label htmlFor="invite-email">E-mail</Label>
            <Input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              aria-invalid={fieldError('email') ? true : undefined}
              aria-describedby={fieldError('email') ? 'invite-email-error' : undefined}
            />
            {fieldError('email') ? (
              <p id="invite-email-error" className="text-sm text-red-700">
                {fieldError('email')}
              </p>
            ) : null}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="invite-name">Name (optional)</Label>
            <Input id="invite-name" name="name" autoComplete="off" maxLength={100} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <Select id="invite-role" name="role" defaultValue="editor">
              {roles.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" className="md:mt-6.5" disabled={inviting}>
            <Send aria-hidden="true" />
            {inviting ? 'Inviting...' : 'Send invitation'}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="people-heading">
        <h2 id="people-heading" className="mb-3 text-lg font-semibold text-gray-950">
          People with access ({members.length})
        </h2>
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white shadow-xs">
          {members.map((member) => (
            <StaffRow key={member.id} member={member} roles={roles} isMe={member.id === me} />
          ))}
        </ul>
      </section>
    </>
  )
}

type Member = Route.ComponentProps['loaderData']['members'][number]

function StaffRow({
  member,
  roles,
  isMe,
}: {
  member: Member
  roles: { value: string; label: string }[]
  isMe: boolean
}) {
  const submit = useSubmit()
  const label = member.name || member.email
  const roleId = `role-${member.id}`
  return (
    <li className="grid gap-3 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.6fr)_minmax(0,1.3fr)_18.5rem] lg:items-center">
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-950">
          {member.name || member.email}
          {isMe ? <span className="ml-2 text-sm font-normal text-gray-600">(you)</span> : null}
        </p>
        <p className="text-sm break-all text-gray-600">{member.email}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-gray-600">Last sign-in</dt>
        <dd className="text-gray-900">
          {member.active
            ? (member.lastSignInText ?? 'Never')
            : member.invitationEndsText
              ? `Invited, link open until ${member.invitationEndsText}`
              : 'Invited, the link has expired'}
        </dd>
        <dt className="text-gray-600">Two-step</dt>
        <dd className={cn(member.twoStep ? 'font-medium text-green-800' : 'text-gray-900')}>
          {member.twoStep ? 'On' : 'Off'}
        </dd>
      </dl>
      {isMe ? (
        <p className="text-sm text-gray-900">
          <span className="text-gray-600">Role: </span>
          {member.roleName}
        </p>
      ) : (
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="id" value={member.id} />
          <div className="min-w-0 flex-1 space-y-1">
            <Label htmlFor={roleId} className="text-gray-600">
              Role<span className="sr-only"> of {label}</span>
            </Label>
            <Select id={roleId} name="role" defaultValue={member.role ?? ''} key={member.role}>
              {member.role ? null : <option value="">No role</option>}
              {roles.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline" size="sm" className="mb-1">
            Save<span className="sr-only"> the role of {label}</span>
          </Button>
        </Form>
      )}
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {isMe ? null : (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="id" value={member.id} />
              <Button type="submit" variant="outline" size="sm">
                <Mail aria-hidden="true" />
                {member.active ? 'Send a password link' : 'Send a new invitation'}
                <span className="sr-only"> to {label}</span>
              </Button>
            </Form>
            <ConfirmActionDialog
              title={`Remove ${label}?`}
              description={`${member.email} will no longer be able to sign in, and is signed out everywhere at once. You can invite them again later.`}
              confirm="Remove"
              onConfirm={() => submit({ intent: 'remove', id: member.id }, { method: 'post' })}
            >
              <Button type="button" variant="outline" size="sm" className="text-red-700 hover:text-red-800">
                <Trash2 aria-hidden="true" />
                Remove<span className="sr-only"> {label}</span>
              </Button>
            </ConfirmActionDialog>
          </>
        )}
      </div>
    </li>
  )
}

/** The invitation's link, shown once when e-mail is off, to copy into a message. */
function LinkToCopy({ link, email }: { link: string; email: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div
      role="status"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950"
    >
      <p className="font-semibold">Send this link to {email} yourself</p>
      <p className="mt-1 text-sm">
        E-mail is not set up on this server. The link is shown only now: copy it into a message. It works
        once, for 7 days.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={link}
          aria-label={`Invitation link for ${email}`}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm"
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true))
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  )
}
