import { foldText } from '#app/lib/fold-text.ts'

interface MessageText {
  first_name: string
  last_name: string
  email: string
  subject: string | null
  message: string
}

/** The folded columns stored beside each contact message, for search and sort (migration 0002). */
export function messageKeys(message: MessageText) {
  const subject = message.subject?.trim() ? foldText(message.subject) : null
  return {
    // The name as one phrase, so 'mary murphy' finds Mary Murphy; the other fields on lines of their own.
    search_text: [
      `${message.first_name} ${message.last_name}`,
      message.email,
      message.subject ?? '',
      message.message,
    ]
      .map(foldText)
      .join('\n'),
    sort_first_name: foldText(message.first_name),
    sort_email: foldText(message.email),
    sort_subject: subject,
  }
}
