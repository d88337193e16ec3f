import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ROOT, stopChild } from './support.ts'
import { BROWSER_HEADERS } from './targets.ts'

/** Starts bench/reference-server.js in its own process, answering `response` from memory. */
export async function startReferenceServer(response: { body: Buffer; headers: Record<string, string> }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-ref-'))
  const file = path.join(dir, 'response.json')
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(
      ([name]) => name === 'content-type' || name === 'content-encoding',
    ),
  )
  fs.writeFileSync(file, JSON.stringify({ headers, bodyBase64: response.body.toString('base64') }))
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'reference-server.js'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /"url":"([^"]+)"/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`The reference server exited with ${code}`)))
  })
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Debian's nginx, when installed (`apt-get install nginx-light`): the second yardstick. */
export const NGINX_PATH = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file)) ?? null

/**
 * nginx answering `response` from a file on disk, with one worker per CPU: what a well-tuned static server does
 * with the same bytes and content headers. Null when nginx is not installed.
 */
export async function startNginxReference(response: { body: Buffer; headers: Record<string, string> }) {
  if (!NGINX_PATH) return null
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-nginx-'))
  fs.mkdirSync(path.join(dir, 'www'))
  fs.writeFileSync(path.join(dir, 'www', 'home'), response.body)
  const port = await freePort()
  const encoding = response.headers['content-encoding']
  const conf = `
user root;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server_tokens off;
  server {
    listen 127.0.0.1:${port} reuseport;
    root ${dir}/www;
    location = / {
      types { }
      default_type "${response.headers['content-type'] ?? 'text/html'}";
      ${encoding ? `add_header Content-Encoding ${encoding};` : ''}
      try_files /home =404;
    }
  }
}
`
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf)
  const child = spawn(NGINX_PATH, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk) => (errors += chunk))
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${url}/`)
      .then((answer) => answer.ok)
      .catch(() => false)
    if (ok) break
    if (attempt > 50 || child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function freePort() {
  const { createServer } = await import('node:net')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The home page as a browser gets it: compressed bytes and the headers that describe them. */
export async function fetchHome(url: string, headers: Record<string, string> = BROWSER_HEADERS) {
  const { request } = await import('node:http')
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    // node:http, not fetch: fetch would decompress the body.
    const req = request(`${url}/`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`GET / answered ${res.statusCode}`))
        const headers: Record<string, string> = {}
        for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'etag']) {
          const value = res.headers[name]
          if (typeof value === 'string') headers[name] = value
        }
        resolve({ body: Buffer.concat(chunks), headers })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
