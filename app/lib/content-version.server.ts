type Listener = () => void

let version = 0
const listeners = new Set<Listener>()

/** A counter bumped by every content write, so caches of rendered pages know when they are stale. */
export function getContentVersion() {
  return version
}

export function bumpContentVersion() {
  version += 1
  for (const listener of listeners) listener()
}

export function onContentChange(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
