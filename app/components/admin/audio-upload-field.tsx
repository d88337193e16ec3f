import { Music, RotateCw } from 'lucide-react'
import { useRef } from 'react'

import type { FieldControlProps } from '#app/lib/admin-fields.ts'
import { RequiredMark } from './required-mark.tsx'
import { onFileChosen, RemoveUploadButton, UploadProgress } from './upload-parts.tsx'
import { type AudioUploadState, useAudioUpload } from './use-audio-upload.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { AUDIO_ACCEPT, AUDIO_MAX_MEGABYTES } from '#app/lib/upload-limits.ts'

/**
 * Sermon audio: an MP3 or M4A file sent as a resumable upload (tus), with a progress bar, that carries on where it
 * stopped when the connection drops — by itself while it can, with a Resume button after that, and even after the
 * page is reloaded (the browser remembers the upload's address). The address of the stored file, or one typed by
 * hand for audio kept elsewhere, is the form's value `name`.
 */
export function AudioUploadField({
  id,
  name,
  label,
  required,
  defaultValue,
  invalid,
  describedBy,
}: FieldControlProps) {
  const { url, setUrl, state, announcement, choose, resumeUpload, remove } = useAudioUpload(defaultValue)
  const fileInput = useRef<HTMLInputElement>(null)
  const statusId = `${id}-status`
  const fileId = `${id}-file`

  const busy = state.status === 'uploading' || state.status === 'paused'
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      <Input
        id={id}
        name={name}
        type="text"
        inputMode="url"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        placeholder="Upload a file below, or paste an address (https://…)"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-uploading={busy ? 'true' : undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={fileId} className="sr-only">
          Audio file to upload (MP3 or M4A, up to {AUDIO_MAX_MEGABYTES} MB)
        </Label>
        <Music aria-hidden="true" className="size-5 text-gray-500" />
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={AUDIO_ACCEPT}
          disabled={busy}
          aria-describedby={statusId}
          onChange={onFileChosen(choose)}
          className="block min-w-0 flex-1 cursor-pointer text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-800 file:shadow-xs hover:file:bg-gray-50 disabled:cursor-wait"
        />
        {url && !busy ? (
          <RemoveUploadButton
            onClick={() => {
              remove()
              fileInput.current?.focus()
            }}
          >
            Remove audio
          </RemoveUploadButton>
        ) : null}
      </div>
      {busy ? (
        <UploadProgress
          label="Audio upload"
          percent={state.percent}
          bytes={state.bytes}
          spinning={state.status === 'uploading'}
          className="flex items-center gap-2 text-sm text-gray-700"
          barWidth="max-w-md"
        >
          {state.status === 'uploading' && state.retrying ? 'Connection lost, trying again…' : null}
          {state.status === 'uploading' && !state.retrying ? 'Uploading…' : null}
          {state.status === 'paused' ? 'Paused' : null}
        </UploadProgress>
      ) : null}
      <div id={statusId} className="text-sm">
        <AudioUploadStatus state={state} onResume={resumeUpload} />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}

/** Under the chooser: why the upload stopped (with Resume), a refusal, what was done, or what the field takes. */
function AudioUploadStatus({ state, onResume }: { state: AudioUploadState; onResume: () => void }) {
  if (state.status === 'paused')
    return (
      <div role="alert" className="space-y-2">
        <p className="font-medium text-red-700">{state.message}</p>
        <Button variant="outline" size="sm" onClick={onResume}>
          <RotateCw aria-hidden="true" />
          Resume upload
        </Button>
      </div>
    )
  if (state.status === 'error')
    return (
      <p role="alert" className="font-medium text-red-700">
        {state.message}
      </p>
    )
  if (state.status === 'idle' && state.message) return <p className="text-green-700">{state.message}</p>
  if (state.status === 'idle')
    return (
      <p className="text-xs text-gray-600">
        MP3 or M4A, up to {AUDIO_MAX_MEGABYTES} MB. A lost connection does not lose the upload: it carries on
        where it stopped.
      </p>
    )
  return null
}
