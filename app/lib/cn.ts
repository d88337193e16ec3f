import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names and lets a later Tailwind utility override an earlier one (`px-2` then `px-4`). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
