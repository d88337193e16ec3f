import path from 'node:path'
import { PassThrough, Transform } from 'node:stream'

import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router'

import { requestContext } from './context.ts'
import { NonceProvider } from './lib/nonce-provider.tsx'
import { shortNamesOf, withShortNames } from './server/short-names.server.ts'
import { inlineStylesheets } from './server/inline-styles.server.ts'

export const streamTimeout = 5_000

/** The browser build, where the stylesheets public pages carry inline are read from (as server.js serves it). */
const CLIENT_DIR = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { nonce } = loadContext.get(requestContext)
  // Public pages carry their styles inline (decision 0013); the admin, a tool, links them. Vite's development
  // server serves styles of its own and is left alone.
  const inlineStyles = !import.meta.env.DEV && !new URL(request.url).pathname.startsWith('/admin')

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    // Pages wait for all their data before the first byte: visitors and crawlers get whole documents.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true
          const finished = () => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          }
          const body = inlineStyles
            ? withInlineStyles(finished)
            : new PassThrough({
                final(callback) {
                  finished()
                  callback()
                },
              })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

/**
 * Collects the whole document (it is all ready) and sends it with the build's short class names (decision 0030)
 * and its stylesheets written in.
 */
function withInlineStyles(finished: () => void) {
  const chunks: Buffer[] = []
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      callback()
    },
    flush(callback) {
      finished()
      const html = withShortNames(Buffer.concat(chunks).toString('utf8'), shortNamesOf(CLIENT_DIR))
      callback(null, inlineStylesheets(html, CLIENT_DIR))
    },
  })
}
