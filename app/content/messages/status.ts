import type { MessageStatus } from './schema.ts'

/** The inbox's filters in the order of its tabs: the inbox proper (new, read, replied), then each state. */
export const MESSAGE_FILTERS = ['inbox', 'new', 'read', 'replied', 'archived', 'spam'] as const
export type MessageFilterName = (typeof MESSAGE_FILTERS)[number]

export const FILTER_LABELS: Record<MessageFilterName, string> = {
  inbox: 'Inbox',
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
  spam: 'Spam',
}

export const STATUS_LABELS: Record<MessageStatus, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
  spam: 'Spam',
}

export function isMessageFilter(value: string | null): value is MessageFilterName {
  return value !== null && (MESSAGE_FILTERS as readonly string[]).includes(value)
}
