// The benchmark's yardstick: a bare Node `http` server answering one response from memory, the very bytes and
// content headers our server sent for the home page. Node itself sets no other header but Date and Connection.
// Usage: node bench/reference-server.js <response.json> — prints {"url": …} once it listens on 127.0.0.1.
import fs from 'node:fs'
import http from 'node:http'

const { headers, bodyBase64 } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const body = Buffer.from(bodyBase64, 'base64')
const responseHeaders = { ...headers, 'content-length': String(body.length) }

const server = http.createServer((_req, res) => {
  res.writeHead(200, responseHeaders)
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }))
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
