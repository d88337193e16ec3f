/** localStorage that never throws: disabled storage (private modes, strict settings) reads as nothing saved. */
export function readStorage(key: string) {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
}
