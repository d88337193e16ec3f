// Stripe as the giving tests meet it: a stand-in for its API on 127.0.0.1 (STRIPE_API_URL), webhook events signed
// as it signs them, and the server of the giving form's files (giving-checkout, giving-gifts) with its helpers.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Stripe from 'stripe'
import { afterAll, expect } from 'vitest'

import { type Client, querySql, stripeEventsSettled, type TestDatabase, useServer } from './support.ts'

/**
 * Starts a stand-in for Stripe's API for the calling test file, closed once the file's tests are done: `route`
 * answers each request, its body read whole. Called at a test file's top level (modules are shared between files).
 */
export async function startStripeDouble(
  route: (req: http.IncomingMessage, body: string, res: http.ServerResponse, url: string) => void,
) {
  const double = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => route(req, body, res, url))
  })
  await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(double.address() as AddressInfo).port}`
  afterAll(() => new Promise<void>((resolve) => double.close(() => resolve())))
  return url
}

export interface SignedEvent {
  payload: string
  signature: string
}

/** A webhook event as Stripe sends one: the JSON body and its signature, made at `timestamp` (seconds). */
export function signEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id: string; timestamp: number; secret: string; apiVersion?: string },
): SignedEvent {
  const payload = JSON.stringify({
    id: options.id,
    object: 'event',
    ...(options.apiVersion ? { api_version: options.apiVersion } : {}),
    created: options.timestamp,
    livemode: false,
    type,
    data: { object },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret,
    timestamp: options.timestamp,
  })
  return { payload, signature }
}

/** Posts a signed event to the webhook, as Stripe does. */
export function postEvent(client: Client, event: SignedEvent) {
  return client.request('POST', '/api/stripe/webhook', {
    body: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  })
}

/** A form post as a browser without JavaScript sends it. */
export function postForm(client: Client, path: string, fields: Record<string, string>) {
  return client.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

const WEBHOOK_SECRET = 'whsec_test_giving'

/**
 * The giving form's Stripe (STRIPE_API_URL) for one test file: it makes Checkout Sessions, remembering the form
 * parameters of each, and serves a page at each session's address as Stripe's hosted page would; Checkout Sessions
 * and PaymentIntents it has now (`stripeNow`, by id) are read back, others are not found (404).
 */
export async function startGivingStripe() {
  const sessions: Array<{ id: string; params: URLSearchParams }> = []
  const stripeNow = new Map<string, Record<string, unknown>>()
  const url = await startStripeDouble((req, body, res, doubleUrl) => {
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${sessions.length + 1}`
      sessions.push({ id, params: new URLSearchParams(body) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `${doubleUrl}/pay/${id}` }))
      return
    }
    const found = /^\/v1\/(?:checkout\/sessions|payment_intents)\/([^/?]+)/.exec(req.url ?? '')
    if (req.method === 'GET' && found && stripeNow.has(found[1]!)) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(stripeNow.get(found[1]!)))
      return
    }
    if (req.method === 'GET' && req.url?.startsWith('/pay/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!doctype html><html lang="en"><title>Stripe stand-in</title><h1>Pay with Stripe</h1></html>')
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: `No such route ${req.method} ${req.url}` } }))
  })
  return { url, sessions, stripeNow }
}

type GivingStripe = Awaited<ReturnType<typeof startGivingStripe>>

let eventNumber = 0

/** An event of the giving form's webhook secret, signed now unless told otherwise. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; timestamp?: number; secret?: string } = {},
) {
  return signEvent(type, object, {
    id: options.id ?? `evt_test_${++eventNumber}_${Date.now()}`,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    secret: options.secret ?? WEBHOOK_SECRET,
    apiVersion: '2025-01-01',
  })
}

/** A SEPA debit's completed session: the mandate is signed, the money not there yet. */
export function sepaSession(giftId: string, sessionId: string, paymentIntent: string) {
  return {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: giftId,
    mode: 'payment',
    payment_status: 'unpaid',
    payment_intent: paymentIntent,
    customer: `cus_${paymentIntent}`,
    customer_details: { email: `${paymentIntent}@example.org`, name: 'A Giver' },
    payment_method_types: ['card', 'sepa_debit'],
  }
}

/**
 * The suite's server (useServer) with Stripe's keys, its API at `stripe`, and a site address; with the form's
 * gift, the webhook's events and a gift's status read from the database.
 */
export function useGivingServer(database: TestDatabase, stripe: GivingStripe) {
  const ctx = useServer(database, {
    publicUrl: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_giving_double',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  })

  /** Gives through the form; answers the gift's id and the session's parameters Stripe was sent. */
  async function give(fields: Record<string, string>, path = '/give') {
    const before = stripe.sessions.length
    const answer = await postForm(ctx.anonymous, path, fields)
    expect(answer.status, answer.text).toBe(303)
    expect(stripe.sessions).toHaveLength(before + 1)
    const session = stripe.sessions.at(-1)!
    expect(answer.headers.get('location')).toBe(`${stripe.url}/pay/${session.id}`)
    return { giftId: session.params.get('client_reference_id')!, session }
  }

  /** Sends an event and waits until the job worker has worked on every event stored (or set it waiting). */
  async function send(event: SignedEvent) {
    const answer = await postEvent(ctx.anonymous, event)
    await stripeEventsSettled(ctx)
    return answer
  }

  async function giftStatus(id: string) {
    const [row] = await querySql<{ status: string }>(ctx, `select status from gifts where id = '${id}'`)
    return row?.status
  }

  return { ctx, give, send, giftStatus }
}
