import type { TFunction } from 'i18next'

import { Data } from '#app/islands/markup.ts'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { usePageTexts } from './use-church.ts'

/**
 * The hidden part of every visitor's form (app/lib/visitor-post.ts): the token of when it was rendered, signed by
 * the server (a refused post keeps the first one, `kept`), and the honeypot.
 */
export function VisitorPostFields({ formToken, kept }: { formToken: string; kept?: Record<string, string> }) {
  const t = usePageTexts()
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={kept?.[FORM_TOKEN_FIELD] || formToken} />
      {/* People never see or fill this field; robots that fill every field give themselves away. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden>
        <label>
          {t('forms.honeypot')}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  )
}

/** The words the page's script writes into a form it sends in the background, in the page's language. */
export function formScriptTexts(t: TFunction) {
  return {
    [Data.sendingLabel]: t('forms.sending'),
    [Data.offlineText]: t('forms.offline'),
    [Data.failedText]: t('forms.failed'),
  }
}
