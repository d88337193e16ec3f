import { LoaderCircle, Trash2 } from 'lucide-react'
import type { ChangeEvent, ReactNode } from 'react'

import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'

// The parts the audio and image upload fields share: the size of what is sent, the progress bar, the Remove button
// and the file chooser's change handler.

/** '1.4 MB', '380 KB': what is being sent, so a slow upload on church Wi-Fi is not a mystery. */
export function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/**
 * A change handler for a file input: hands the chosen file on, and clears the input so staff can choose the same
 * file again after an error.
 */
export function onFileChosen(choose: (file: File) => unknown) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    event.currentTarget.value = ''
    if (file) void choose(file)
  }
}

/** What is happening (with a spinner while it moves), how far, of how much, and the bar itself. */
export function UploadProgress({
  label,
  percent,
  bytes,
  spinning,
  className,
  barWidth,
  children,
}: {
  /** The progress bar's accessible name. */
  label: string
  percent: number
  bytes: number
  spinning: boolean
  className: string
  /** The bar's widest: `max-w-md`. */
  barWidth: string
  /** The words before the figures: "Uploading…". */
  children: ReactNode
}) {
  return (
    <div className="space-y-1.5">
      <p className={className}>
        {spinning ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
        {children}
        <span className="text-gray-500 tabular-nums">
          {percent}% of {formatBytes(bytes)}
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={`h-2 w-full ${barWidth} overflow-hidden rounded-full bg-gray-200`}
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** The red "Remove …" button under an uploaded file. */
export function RemoveUploadButton({
  className,
  onClick,
  children,
}: {
  className?: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(className, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" />
      {children}
    </Button>
  )
}
