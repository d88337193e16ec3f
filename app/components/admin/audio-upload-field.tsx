import { LoaderCircle, Music, RotateCw, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { DetailedError, Upload } from 'tus-js-client'

import type { FieldControlProps } from '#app/lib/admin-fields.ts'
import { RequiredMark } from './required-mark.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import {
  AUDIO_ACCEPT,
  AUDIO_FORMAT_MESSAGE,
  AUDIO_MAX_BYTES,
  AUDIO_MAX_MEGABYTES,
  AUDIO_TOO_LARGE_MESSAGE,
} from '#app/lib/upload-limits.ts'

const RESUMABLE_URL = '/api/uploads/tus'
/**
 * Each request carries at most this much: a dropped connection loses at most one piece, and a proxy in front
 * (nginx's `client_max_body_size`) need not allow 200 MB bodies.
 */
const CHUNK_BYTES = 8 * 1024 * 1024
/** Tries again at once, then after 1, 3, 5 and 10 s; after that staff are asked (a Resume button). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000]

type UploadState =
  | { status: 'idle'; message?: string }
  | { status: 'uploading'; percent: number; bytes: number; retrying?: boolean }
  | { status: 'paused'; percent: number; bytes: number; message: string }
  | { status: 'error'; message: string }

interface AudioAnswer {
  secure_url: string
  bytes: number
  duration_seconds: number
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** An upload's length to the second: 2,102 s → "35 min 2 s", 13,137 s → "3 h 38 min 57 s". */
function formatLength(seconds: number) {
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = `${minutes} min ${seconds % 60} s`
  if (hours > 0) return `${hours} h ${rest}`
  return minutes > 0 ? rest : `${seconds} s`
}

/** A file the picker offers may still be another kind of sound or none: a first check, the server decides. */
function looksLikeSermonAudio(file: File) {
  return /^audio\/(mpeg|mp3|mp4|x-m4a|m4a|aac|x-aac)$/i.test(file.type) || /\.(mp3|m4a|aac)$/i.test(file.name)
}

/** The server's words for a refused upload, from its JSON error body; null for a network failure. */
function serverMessage(error: Error | DetailedError) {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (!response) return null
  const status = response.getStatus()
  if (status === 401) return 'Your session has ended. Sign in again, then upload the audio.'
  try {
    const body = JSON.parse(response.getBody()) as { error?: { message?: string } }
    if (body.error?.message) return body.error.message
  } catch {
    // Not our JSON (a proxy's page): the status says enough.
  }
  return `The audio could not be uploaded (error ${status}).`
}

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
  const [url, setUrl] = useState(defaultValue)
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  /** What a screen reader hears: set at each tenth of the way, not at every percent. */
  const [announcement, setAnnouncement] = useState('')
  const fileInput = useRef<HTMLInputElement>(null)
  const upload = useRef<Upload | null>(null)
  const statusId = `${id}-status`
  const fileId = `${id}-file`

  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      // Left running, it would go on sending; stopped, it can be resumed from this browser later.
      void upload.current?.abort()
    }
  }, [])

  // Back online after the retries gave up: carry on without waiting for a click.
  useEffect(() => {
    if (state.status !== 'paused') return
    const resume = () => resumeUpload()
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  })

  function resumeUpload() {
    if (!upload.current || state.status !== 'paused') return
    setState({ status: 'uploading', percent: state.percent, bytes: state.bytes })
    setAnnouncement(`Resuming the upload at ${state.percent}%.`)
    upload.current.start()
  }

  async function choose(file: File) {
    if (!looksLikeSermonAudio(file)) {
      setState({ status: 'error', message: AUDIO_FORMAT_MESSAGE })
      return
    }
    if (file.size > AUDIO_MAX_BYTES) {
      setState({ status: 'error', message: AUDIO_TOO_LARGE_MESSAGE })
      return
    }
    // Loaded when staff choose a file: the rest of the admin never needs it.
    const tus = await import('tus-js-client')
    if (!mounted.current) return
    void upload.current?.abort()
    let lastTenth = -1
    const current: Upload = new tus.Upload(file, {
      endpoint: RESUMABLE_URL,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      // The same file chosen again, after a reload or on another day, carries on where it stopped.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        if (!mounted.current || upload.current !== current) return
        const percent = Math.floor((sent / total) * 100)
        setState({ status: 'uploading', percent, bytes: total })
        const tenth = Math.floor(percent / 10)
        if (tenth !== lastTenth) {
          lastTenth = tenth
          setAnnouncement(`Uploading the audio: ${percent}%.`)
        }
      },
      onShouldRetry(error, attempt) {
        const status = error.originalResponse?.getStatus() ?? 0
        // A refusal (not audio, too large, signed out) will not change by asking again; a lost connection may.
        const retry = status === 0 || status === 409 || status === 423 || status >= 500
        if (retry && mounted.current && upload.current === current) {
          setState((previous) =>
            previous.status === 'uploading' ? { ...previous, retrying: true } : previous,
          )
          if (attempt === 0) setAnnouncement('The connection was lost. Trying again…')
        }
        return retry
      },
      onError(error) {
        if (!mounted.current || upload.current !== current) return
        const message = serverMessage(error)
        if (message) {
          upload.current = null
          setState({ status: 'error', message })
          return
        }
        setState((previous) => {
          const percent = previous.status === 'uploading' ? previous.percent : 0
          return {
            status: 'paused',
            percent,
            bytes: file.size,
            message: `The upload stopped at ${percent}%: the connection was lost. It carries on from there when you press Resume, or by itself once you are back online.`,
          }
        })
      },
      onSuccess({ lastResponse }) {
        if (!mounted.current || upload.current !== current) return
        upload.current = null
        let answer: AudioAnswer | null = null
        try {
          answer = JSON.parse(lastResponse.getBody()) as AudioAnswer
        } catch {
          answer = null
        }
        if (!answer?.secure_url) {
          setState({
            status: 'error',
            message: 'The audio was sent but the server’s answer could not be read. Try again.',
          })
          return
        }
        setUrl(answer.secure_url)
        const done = `Audio uploaded: ${formatLength(answer.duration_seconds)}, ${formatBytes(answer.bytes)}.`
        setState({ status: 'idle', message: done })
        setAnnouncement(done)
      },
    })
    upload.current = current
    setState({ status: 'uploading', percent: 0, bytes: file.size })
    setAnnouncement('Uploading the audio: 0%.')
    const previous = await current.findPreviousUploads()
    if (previous[0]) current.resumeFromPreviousUpload(previous[0])
    current.start()
  }

  const busy = state.status === 'uploading' || state.status === 'paused'
  const percent = busy ? state.percent : 0
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
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            event.currentTarget.value = ''
            if (file) void choose(file)
          }}
          className="block min-w-0 flex-1 cursor-pointer text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-800 file:shadow-xs hover:file:bg-gray-50 disabled:cursor-wait"
        />
        {url && !busy ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => {
              setUrl('')
              setState({ status: 'idle', message: 'Audio removed.' })
              setAnnouncement('Audio removed.')
              fileInput.current?.focus()
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove audio
          </Button>
        ) : null}
      </div>
      {busy ? (
        <div className="space-y-1.5">
          <p className="flex items-center gap-2 text-sm text-gray-700">
            {state.status === 'uploading' ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            {state.status === 'uploading' && state.retrying ? 'Connection lost, trying again…' : null}
            {state.status === 'uploading' && !state.retrying ? 'Uploading…' : null}
            {state.status === 'paused' ? 'Paused' : null}
            <span className="text-gray-500 tabular-nums">
              {percent}% of {formatBytes(state.bytes)}
            </span>
          </p>
          <div
            role="progressbar"
            aria-label="Audio upload"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full max-w-md overflow-hidden rounded-full bg-gray-200"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}
      <div id={statusId} className="text-sm">
        {state.status === 'paused' ? (
          <div role="alert" className="space-y-2">
            <p className="font-medium text-red-700">{state.message}</p>
            <Button variant="outline" size="sm" onClick={resumeUpload}>
              <RotateCw aria-hidden="true" />
              Resume upload
            </Button>
          </div>
        ) : state.status === 'error' ? (
          <p role="alert" className="font-medium text-red-700">
            {state.message}
          </p>
        ) : state.status === 'idle' && state.message ? (
          <p className="text-green-700">{state.message}</p>
        ) : state.status === 'idle' ? (
          <p className="text-xs text-gray-600">
            MP3 or M4A, up to {AUDIO_MAX_MEGABYTES} MB. A lost connection does not lose the upload: it carries
            on where it stopped.
          </p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
