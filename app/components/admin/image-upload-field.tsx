import { ImageIcon, LoaderCircle, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import type { FieldControlProps } from '#app/lib/admin-fields.ts'
import { RequiredMark } from './required-mark.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/cn.ts'
import { mayShrink, shrinkImage } from '#app/lib/shrink-image.ts'
import {
  looksLikeHeic,
  TOO_LARGE_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MEGABYTES,
} from '#app/lib/upload-limits.ts'

const UPLOAD_URL = '/api/uploads'

type UploadState =
  | { status: 'idle'; message?: string }
  | { status: 'shrinking' }
  | { status: 'uploading'; percent: number; bytes: number }
  | { status: 'error'; message: string }

/** '1.4 MB', '380 KB': what is being sent, so a slow upload on church Wi-Fi is not a mystery. */
function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/**
 * An image chooser that uploads at once (with a real progress bar) and keeps the returned address in a hidden
 * input named `name`, so the surrounding form saves only the address.
 */
export function ImageUploadField({
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
  const fileInput = useRef<HTMLInputElement>(null)
  const request = useRef<XMLHttpRequest | null>(null)
  const statusId = `${id}-status`

  // A form reset (Cancel, a save) unmounts the field: an upload still running must not land anywhere.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      request.current?.abort()
    }
  }, [])

  // Each choice of file counts: a slower earlier one (still shrinking) must not overwrite a later one.
  const attempt = useRef(0)

  async function choose(chosen: File) {
    // Browsers name a .heic file's type only where the system knows HEIC: its name says it too.
    if (!chosen.type.startsWith('image/') && !looksLikeHeic(chosen)) {
      setState({ status: 'error', message: 'Please choose an image file (for example a JPEG or PNG photo).' })
      return
    }
    const current = ++attempt.current
    let file = chosen
    if (mayShrink(chosen)) {
      setState({ status: 'shrinking' })
      file = (await shrinkImage(chosen)).file
      if (current !== attempt.current || !mounted.current) return
    }
    // The server stays the authority; checking here only spares a long wait before it says no.
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ status: 'error', message: TOO_LARGE_MESSAGE })
      return
    }
    upload(file)
  }

  function upload(file: File) {
    const xhr = new XMLHttpRequest()
    request.current = xhr
    xhr.open('POST', UPLOAD_URL)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        setState({
          status: 'uploading',
          percent: Math.round((event.loaded / event.total) * 100),
          bytes: file.size,
        })
      }
    }
    xhr.onload = () => {
      request.current = null
      const body = xhr.response as { secure_url?: string; error?: { message?: string } } | null
      if (xhr.status >= 200 && xhr.status < 300 && body?.secure_url) {
        setUrl(body.secure_url)
        setState({ status: 'idle', message: 'Image uploaded.' })
      } else if (xhr.status === 401) {
        setState({
          status: 'error',
          message: 'Your session has ended. Sign in again, then upload the image.',
        })
      } else {
        setState({
          status: 'error',
          message: body?.error?.message ?? `The image could not be uploaded (error ${xhr.status}).`,
        })
      }
    }
    xhr.onerror = () => {
      request.current = null
      setState({
        status: 'error',
        message: 'The image could not be uploaded. Check the connection and try again.',
      })
    }
    const body = new FormData()
    body.append('file', file)
    setState({ status: 'uploading', percent: 0, bytes: file.size })
    xhr.send(body)
  }

  const uploading = state.status === 'uploading' || state.status === 'shrinking'
  const describedByAll = [state.status === 'error' ? statusId : null, describedBy].filter(Boolean).join(' ')
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      <input type="hidden" name={name} value={url} data-uploading={uploading ? 'true' : undefined} />
      <div className="mt-1.5 flex items-start gap-4">
        <div
          className={cn(
            'flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-gray-100',
            invalid ? 'border-red-500' : 'border-gray-200',
          )}
        >
          {url ? (
            <img src={url} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-gray-400" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={fileInput}
            id={id}
            type="file"
            // Only image/*: an iPhone then sends its HEIC photos as JPEG (naming HEIC here would make it send HEIC).
            accept="image/*"
            disabled={uploading}
            aria-invalid={invalid || undefined}
            aria-describedby={describedByAll || undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              // Clearing lets staff choose the same file again after an error.
              event.currentTarget.value = ''
              if (file) void choose(file)
            }}
            // The input's own "No file chosen" text is transparent: the preview says better what the field holds.
            className={cn(
              'block w-full cursor-pointer text-sm text-transparent file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300',
              'file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-800 file:shadow-xs hover:file:bg-gray-50',
              'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-wait',
            )}
          />
          <div role="status" id={statusId} className="text-sm">
            {state.status === 'shrinking' ? (
              <p className="flex items-center gap-2 text-gray-700">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                Shrinking the photo...
              </p>
            ) : state.status === 'uploading' ? (
              <div className="space-y-1.5">
                <p className="flex items-center gap-2 text-gray-700">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  Uploading...
                  <span className="text-gray-500 tabular-nums">
                    {state.percent}% of {formatBytes(state.bytes)}
                  </span>
                </p>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${label.toLowerCase()}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={state.percent}
                  className="h-2 w-full max-w-64 overflow-hidden rounded-full bg-gray-200"
                >
                  <div
                    className="h-full rounded-full bg-primary transition-[width]"
                    style={{ width: `${state.percent}%` }}
                  />
                </div>
              </div>
            ) : state.status === 'error' ? (
              <p className="font-medium text-red-700">{state.message}</p>
            ) : state.message ? (
              <p className="text-green-700">{state.message}</p>
            ) : (
              <p className="text-xs text-gray-600">
                A photo or picture up to {UPLOAD_MAX_MEGABYTES} MB; large photos are made smaller first.
              </p>
            )}
          </div>
          {url && !uploading ? (
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2 text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => {
                setUrl('')
                setState({ status: 'idle', message: 'Image removed.' })
                fileInput.current?.focus()
              }}
            >
              <Trash2 aria-hidden="true" />
              Remove image
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  )
}
