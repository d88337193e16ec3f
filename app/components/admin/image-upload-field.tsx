import { ImageIcon, LoaderCircle, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import type { FieldControlProps } from './admin-fields.ts'
import { RequiredMark } from './required-mark.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/cn.ts'

// NOTE: mirrors UPLOAD_MAX_BYTES of the upload route, which stays the authority: checking here only spares
// staff a long wait before the server says no.
const MAX_MEGABYTES = 10
const UPLOAD_URL = '/api/uploads'

type UploadState =
  | { status: 'idle'; message?: string }
  | { status: 'uploading'; percent: number }
  | { status: 'error'; message: string }

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
  useEffect(() => () => request.current?.abort(), [])

  function upload(file: File) {
    if (!file.type.startsWith('image/')) {
      setState({ status: 'error', message: 'Please choose an image file (for example a JPEG or PNG photo).' })
      return
    }
    if (file.size > MAX_MEGABYTES * 1024 * 1024) {
      setState({ status: 'error', message: `The file is too large: images can be up to ${MAX_MEGABYTES} MB` })
      return
    }
    const xhr = new XMLHttpRequest()
    request.current = xhr
    xhr.open('POST', UPLOAD_URL)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        setState({ status: 'uploading', percent: Math.round((event.loaded / event.total) * 100) })
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
    setState({ status: 'uploading', percent: 0 })
    xhr.send(body)
  }

  const uploading = state.status === 'uploading'
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
            accept="image/*"
            disabled={uploading}
            aria-invalid={invalid || undefined}
            aria-describedby={describedByAll || undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              // Clearing lets staff choose the same file again after an error.
              event.currentTarget.value = ''
              if (file) upload(file)
            }}
            // The input's own "No file chosen" text is transparent: the preview says better what the field holds.
            className={cn(
              'block w-full cursor-pointer text-sm text-transparent file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300',
              'file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-800 file:shadow-xs hover:file:bg-gray-50',
              'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-wait',
            )}
          />
          <div role="status" id={statusId} className="text-sm">
            {state.status === 'uploading' ? (
              <div className="space-y-1.5">
                <p className="flex items-center gap-2 text-gray-700">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  Uploading...
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
              <p className="text-xs text-gray-600">An image file up to {MAX_MEGABYTES} MB.</p>
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
