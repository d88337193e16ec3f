import { ImageIcon, LoaderCircle } from 'lucide-react'
import { useRef } from 'react'

import type { FieldControlProps } from '#app/lib/admin-fields.ts'
import { RequiredMark } from './required-mark.tsx'
import { onFileChosen, RemoveUploadButton, UploadProgress } from './upload-parts.tsx'
import { type ImageUploadState, useImageUpload } from './use-image-upload.ts'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/cn.ts'
import { UPLOAD_MAX_MEGABYTES } from '#app/lib/upload-limits.ts'

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
  const { url, state, choose, remove } = useImageUpload(defaultValue)
  const fileInput = useRef<HTMLInputElement>(null)
  const statusId = `${id}-status`

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
            onChange={onFileChosen(choose)}
            // The input's own "No file chosen" text is transparent: the preview says better what the field holds.
            className={cn(
              'block w-full cursor-pointer text-sm text-transparent file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300',
              'file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-800 file:shadow-xs hover:file:bg-gray-50',
              'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-wait',
            )}
          />
          <div role="status" id={statusId} className="text-sm">
            <ImageUploadStatus state={state} label={label} />
          </div>
          {url && !uploading ? (
            <RemoveUploadButton
              className="-ml-2"
              onClick={() => {
                remove()
                fileInput.current?.focus()
              }}
            >
              Remove image
            </RemoveUploadButton>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** Under the chooser: the photo being made smaller, the upload's progress, a refusal, what was done, or a hint. */
function ImageUploadStatus({ state, label }: { state: ImageUploadState; label: string }) {
  if (state.status === 'shrinking')
    return (
      <p className="flex items-center gap-2 text-gray-700">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Shrinking the photo...
      </p>
    )
  if (state.status === 'uploading')
    return (
      <UploadProgress
        label={`Uploading ${label.toLowerCase()}`}
        percent={state.percent}
        bytes={state.bytes}
        spinning
        className="flex items-center gap-2 text-gray-700"
        barWidth="max-w-64"
      >
        Uploading...
      </UploadProgress>
    )
  if (state.status === 'error') return <p className="font-medium text-red-700">{state.message}</p>
  if (state.message) return <p className="text-green-700">{state.message}</p>
  return (
    <p className="text-xs text-gray-600">
      A photo or picture up to {UPLOAD_MAX_MEGABYTES} MB; large photos are made smaller first.
    </p>
  )
}
