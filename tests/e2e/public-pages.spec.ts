import type { APIRequestContext, Page } from '@playwright/test'

import { allowRefusedRequests } from './admin-helpers.ts'
import { ADMIN, expect, test, waitForHydration } from './fixtures.ts'
import {
  acceptCookiesUpFront,
  cssColour,
  expectActiveNavItem,
  expectTextsInAnyOrder,
} from './public-helpers.ts'

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page)
})

async function signInApi(request: APIRequestContext) {
  const response = await request.post('/api/auth/sign-in/email', { data: ADMIN })
  expect(response.ok()).toBe(true)
}

test('About tells the story with mission, vision and values, the whole team and how to get here', async ({
  page,
}) => {
  await page.goto('/about')
  await expectActiveNavItem(page, 'About')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  await expect(main.getByText('Learn about our history, mission, and vision at IPC Cork')).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Our Story' })).toBeVisible()
  await expect(main.getByText('IPC Cork began in 2006')).toBeVisible()
  for (const title of ['Our Mission', 'Our Vision', 'Our Values'])
    await expect(main.getByRole('heading', { name: title })).toBeVisible()
  const team = main.getByRole('region', { name: 'Leadership Team' })
  await expect(team.getByRole('article')).toHaveCount(5)
  await expect(main.locator('#leadership')).toHaveText('Leadership Team')
  const directions = main.getByRole('region', { name: 'Getting Here' })
  await expectTextsInAnyOrder(directions.getByRole('heading', { level: 3 }), ['By bus', 'By train', 'By car'])
})

test('Services lists regular and special services and shows the church on a map with travel tips', async ({
  page,
}) => {
  const tiles: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('tile.openstreetmap.org')) tiles.push(request.url())
  })
  // On a phone the map sits below the services (some 1,300 px down), well out of the first screen and of the
  // 400 px margin at which it starts loading; on a desktop it is beside them, and loads at once.
  await page.setViewportSize({ width: 390, height: 500 })
  await page.goto('/services')
  await waitForHydration(page)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible()
  await expect(main.getByText('Join us in worship and fellowship at IPC Cork')).toBeVisible()
  const regular = main.getByRole('region', { name: 'Regular Services' })
  await expectTextsInAnyOrder(regular.getByRole('heading', { level: 3 }), [
    'Sunday Worship Service',
    'Malayalam Service',
    'Midweek Bible Study',
    'Friday Prayer Meeting',
  ])
  const special = main.getByRole('region', { name: 'Special Services' })
  await expectTextsInAnyOrder(special.getByRole('heading', { level: 3 }), [
    'Christmas Carol Service',
    'Easter Sunrise Service',
    'Baptism Service',
  ])

  const location = main.getByRole('region', { name: 'Location' })
  await expect(location.getByText('Public Transport')).toBeVisible()
  await expect(location.getByText(/Bus routes 202 and 208/)).toBeVisible()
  await expect(location.getByText(/Free parking in the church car park on Sundays/)).toBeVisible()
  // The map: zoom 15 on the church, its marker's popup open with the name, OpenStreetMap tiles and credit.
  // The map loads as it comes near the screen.
  const map = location.locator('.leaflet-container')
  await expect(map).toHaveCount(0)
  await location.locator('[data-map]').scrollIntoViewIfNeeded()
  await expect(map).toBeVisible()
  await expect(location.locator('.leaflet-popup-content')).toHaveText('IPC Cork')
  await expect(location.locator('.leaflet-control-attribution')).toContainText('© OpenStreetMap contributors')
  await expect.poll(() => tiles.length).toBeGreaterThan(0)
  expect(tiles[0]).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/)
})

test('The map recentres on a new place and names it when the church moves', async ({ page, request }) => {
  const tiles: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('tile.openstreetmap.org')) tiles.push(request.url())
  })
  await page.goto('/services')
  await waitForHydration(page)
  await page.locator('[data-map]').scrollIntoViewIfNeeded()
  const popup = page.locator('.leaflet-popup-content')
  await expect(popup).toHaveText('IPC Cork')
  // At zoom 15 Cork's tiles have x near 15611; Dublin's (longitude -6.26) near 15814.
  await expect.poll(() => tiles.some((url) => /\/15\/156\d\d\//.test(url))).toBe(true)

  await signInApi(request)
  const original = await (await request.get('/api/church_info')).json()
  try {
    const moved = await request.put('/api/church_info', {
      data: { ...original, name: 'IPC Dublin', latitude: 53.3498, longitude: -6.2603 },
    })
    expect(moved.ok()).toBe(true)
    tiles.length = 0
    // Following the link to the page itself reloads its data without reloading the map.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click()
    await expect(popup.filter({ hasText: 'IPC Dublin' })).toBeVisible()
    // The old marker and its popup are gone.
    await expect(popup).toHaveCount(1)
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1)
    await expect.poll(() => tiles.some((url) => /\/15\/158\d\d\//.test(url))).toBe(true)
  } finally {
    await request.put('/api/church_info', { data: original })
  }
})

test('Pages that show no map never download the map library', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  await page.waitForURL('**/events')
  expect(scripts.filter((url) => /leaflet/i.test(url))).toEqual([])
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click()
  await page.locator('[data-map]').scrollIntoViewIfNeeded()
  await expect(page.locator('.leaflet-container')).toBeVisible()
  expect(scripts.filter((url) => /leaflet/i.test(url)).length).toBeGreaterThan(0)
})

test('Without coordinates the Services page says the map is not set', async ({ page, request }) => {
  await signInApi(request)
  const original = await (await request.get('/api/church_info')).json()
  try {
    const cleared = await request.put('/api/church_info', {
      data: { ...original, latitude: null, longitude: null },
    })
    expect(cleared.ok()).toBe(true)
    await page.goto('/services')
    await waitForHydration(page)
    await expect(page.getByText('Map coordinates not set')).toBeVisible()
    await expect(page.locator('.leaflet-container')).toHaveCount(0)
  } finally {
    await request.put('/api/church_info', { data: original })
  }
})

test('Events shows one-off events as cards with a default picture and regular events as a list', async ({
  page,
  request,
}) => {
  await signInApi(request)
  const created = await request.post('/api/events', {
    data: { title: 'Harvest Thanksgiving', date: 'Sunday 4 October', time: '', is_regular: false },
  })
  expect(created.status()).toBe(201)
  const { id } = await created.json()
  try {
    await page.goto('/events')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
    const card = main.getByRole('article').filter({ hasText: 'Harvest Thanksgiving' })
    await expect(card.locator('img')).toHaveAttribute('src', '/images/default-event.webp')
    // An event without registrations offers its page ('Learn More'); the demo's retreat takes them.
    await expect(card.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', `/events/${id}`)
    const retreat = main.getByRole('article').filter({ hasText: 'Youth Retreat in West Cork' })
    await expect(retreat.getByRole('link', { name: /^Register Now/ })).toHaveAttribute('href', /#register$/)
    const carol = main.getByRole('article').filter({ hasText: 'Christmas Carol Night' })
    await expect(carol.getByText('Sunday 20 December 2026')).toBeVisible()
    await expect(carol.getByText('Main Hall, Kinsale Road')).toBeVisible()

    const regular = main.getByRole('region', { name: 'Regular Events' })
    await expectTextsInAnyOrder(regular.getByRole('heading', { level: 3 }), [
      'Sunday School',
      'Youth Night',
      'Cottage Prayer Meetings',
    ])
    await expect(regular.getByText('Every Sunday at 11:15 AM')).toBeVisible()
  } finally {
    await request.delete(`/api/events/${id}`)
  }
})

test('Ministries lists every ministry with its activities, and the Get Involved cards lead to Contact', async ({
  page,
}) => {
  await page.goto('/ministries')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Our Ministries' })).toBeVisible()
  const cards = main.getByRole('region', { name: 'Ministries' }).getByRole('article')
  await expect(cards).toHaveCount(6)
  const children = cards.filter({ hasText: "Children's Ministry" })
  await expect(children).toHaveAttribute('id', /^[\w-]+$/)
  await expect(children.getByText('Activities:')).toBeVisible()
  await expect(children.getByRole('listitem')).toHaveText([
    'Sunday School (ages 4–12)',
    'Holiday Bible Club in August',
    'Christmas nativity play',
  ])
  await expect(children.getByRole('link', { name: /^Get Involved/ })).toHaveAttribute('href', '/contact')

  const involved = main.getByRole('region', { name: 'Get Involved' })
  const volunteer = involved.getByRole('article').filter({ hasText: 'Volunteer Opportunities' })
  await expect(volunteer.getByRole('listitem')).toHaveText([
    "Children's ministry",
    'Music and worship',
    'Technical support',
    'Hospitality',
  ])
  await expect(volunteer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  const training = involved.getByRole('article').filter({ hasText: 'Ministry Training' })
  await expect(training.getByRole('listitem')).toHaveText([
    'Leadership development',
    'Biblical studies',
    'Ministry-specific skills',
    'Practical service training',
  ])
  await expect(training.getByRole('link', { name: 'Learn More about ministry training' })).toHaveAttribute(
    'href',
    '/contact',
  )
})

test('The gallery filters by category, and its lightbox wraps around within the filtered photos', async ({
  page,
}) => {
  await page.goto('/gallery')
  await waitForHydration(page)
  const tabs = page.getByRole('navigation', { name: 'Photo categories' }).getByRole('link')
  await expect(tabs).toHaveText(['All Photos', 'Worship', 'Prayer', 'Youth', 'Children', 'Events'])
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('link')
  await expect(photos).toHaveCount(13)

  await tabs.filter({ hasText: 'Prayer' }).click()
  await expect(page).toHaveURL(/category=prayer/)
  await expect(tabs.filter({ hasText: 'Prayer' })).toHaveAttribute('aria-current', 'true')
  await expect(photos).toHaveCount(3)
  // Each photo is described for people who cannot see it (its alt), and titled in the lightbox.
  const descriptions = await photos
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('alt')!))
  expect(descriptions).toEqual([
    'Drawing of a white dove in flight on a deep blue background',
    'Drawing of a lit white candle with an amber flame on a night-blue background',
    'Drawing of dark rolling hills under a pale yellow sun in a teal sky',
  ])
  const [first, second, last] = ['Friday prayer meeting', 'Night of prayer', 'Prayer walk by the Lee']

  await photos.last().click()
  const lightbox = page.getByRole('dialog')
  await expect(lightbox).toHaveAccessibleName(last)
  await expect(lightbox.getByText('Prayer', { exact: true })).toBeVisible()
  await expect(lightbox.getByRole('img', { name: descriptions[2] })).toBeVisible()

  // Next from the last photo of the filter wraps to its first; previous wraps back.
  await lightbox.getByRole('button', { name: 'Next photo' }).click()
  await expect(lightbox).toHaveAccessibleName(first)
  await lightbox.getByRole('button', { name: 'Previous photo' }).click()
  await expect(lightbox).toHaveAccessibleName(last)
  await page.keyboard.press('ArrowRight')
  await expect(lightbox).toHaveAccessibleName(first)
  await page.keyboard.press('ArrowRight')
  await expect(lightbox).toHaveAccessibleName(second)
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(lightbox).toHaveAccessibleName(last)
  await page.keyboard.press('Escape')
  await expect(lightbox).toHaveCount(0)

  await photos.first().click()
  await expect(lightbox).toHaveAccessibleName(first)
  await lightbox.getByRole('button', { name: 'Close' }).click()
  await expect(lightbox).toHaveCount(0)

  await tabs.filter({ hasText: 'All Photos' }).click()
  await expect(photos).toHaveCount(13)
})

test('The contact page shows the church details, office hours and how to get there', async ({ page }) => {
  await page.goto('/contact')
  const info = page.getByRole('region', { name: 'Contact Information' })
  await expect(info.getByText('Kinsale Road Business Park')).toBeVisible()
  await expect(info.getByRole('link', { name: '+353 21 432 0199' })).toHaveAttribute(
    'href',
    'tel:+353214320199',
  )
  await expect(info.getByRole('link', { name: 'hello@ipccork.ie' })).toBeVisible()
  await expect(info.getByRole('definition')).toHaveText(['9:00 AM - 5:00 PM', '10:00 AM - 2:00 PM', 'Closed'])
  await expect(info.getByRole('term')).toHaveText(['Monday - Friday', 'Saturday', 'Sunday'])
  const gettingHere = page.getByRole('region', { name: 'Getting Here' })
  await expect(gettingHere).toContainText('Bus routes 202 and 208 stop at Church Street.')
  await expect(gettingHere).toContainText('A 5-minute walk from the train station.')
  await expect(gettingHere).toContainText(
    'Free parking in the church car park on Sundays; paid public parking nearby.',
  )
})

/** Opens /contact once it has hydrated and fills in Mary Murphy's name and then `fields` (by label). */
async function openContactForm(page: Page, fields: Record<string, string>) {
  await page.goto('/contact')
  await waitForHydration(page)
  const form = page.getByRole('form', { name: 'Contact form' })
  for (const [label, value] of Object.entries({ 'First Name': 'Mary', 'Last Name': 'Murphy', ...fields })) {
    await form.getByLabel(label).fill(value)
  }
  return form
}

test('A visitor sends a message: the button says Sending..., then the form confirms and clears itself', async ({
  page,
  request,
}) => {
  const word = `w${Date.now().toString(36)}`
  const form = await openContactForm(page, {
    Email: 'mary@example.ie',
    Phone: '+353 87 000 0000',
    Subject: 'Visiting on Sunday',
    Message: `Is there parking? ${word}`,
  })
  // The form's behaviour posts to the page's own address; held back half a second, so "Sending..." is seen
  // however fast the server answers (the pattern this waited on before, `contact.data`, was React Router's and
  // matched nothing since public pages lost their framework: the check raced the answer).
  await page.route('**/contact', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 500))
    await route.continue()
  })
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully!')
  await expect(form.getByLabel('First Name')).toHaveValue('')
  await expect(form.getByLabel('Message')).toHaveValue('')
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()

  await signInApi(request)
  const stored = await (await request.get(`/api/contact_messages?q=${word}`)).json()
  expect(stored).toMatchObject([
    { first_name: 'Mary', last_name: 'Murphy', email: 'mary@example.ie', subject: 'Visiting on Sunday' },
  ])
})

test('A message the server refuses shows its reason in a red box above the form and keeps what was typed', async ({
  page,
  consoleErrors,
}) => {
  // The browser accepts an address without a domain ending; the server does not.
  const form = await openContactForm(page, { Email: 'mary@localhost', Message: 'Hello' })
  await form.getByRole('button', { name: 'Send Message' }).click()
  const alert = form.getByRole('alert')
  await expect(alert).toHaveText('Please correct the highlighted fields')
  await expect(alert).toHaveCSS('background-color', await cssColour(page, 'var(--color-red-50)'))
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('Enter a valid email address')).toBeVisible()
  await expect(form.getByLabel('First Name')).toHaveValue('Mary')
  // The refusal is an honest 400, which Chromium notes on the console.
  allowRefusedRequests(consoleErrors, /status of 400/)
})

test('When the message gets no answer, the red box says so and nothing typed is lost', async ({
  page,
  consoleErrors,
}) => {
  const form = await openContactForm(page, {
    Email: 'mary@example.ie',
    Message: 'A long message I would hate to type again',
  })
  // First a proxy's own error page, then no answer at all.
  await page.route('**/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' })
      : route.continue(),
  )
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Sorry, your message could not be sent. Please try again in a moment.',
  )
  await page.unroute('**/contact')
  await page.route('**/contact', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
  )
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  await expect(form.getByRole('alert')).toHaveText(
    'Sorry, your message could not be sent. Please try again in a moment.',
  )
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
  await expect(form.getByLabel('First Name')).toHaveValue('Mary')
  await expect(form.getByLabel('Message')).toHaveValue('A long message I would hate to type again')
  // The failed requests are noted on the console by Chromium; they are what this test makes happen.
  allowRefusedRequests(consoleErrors, /status of 502|ERR_CONNECTION_RESET/)
})

test('The contact form works without JavaScript and carries a honeypot field', async ({
  browser,
  server,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url })
  const page = await context.newPage()
  const word = `w${Date.now().toString(36)}`
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Contact form' })
  await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1')
  await form.getByLabel('First Name').fill('Seán')
  await form.getByLabel('Last Name').fill('Ó Briain')
  await form.getByLabel('Email').fill('sean@example.ie')
  await form.getByLabel('Message').fill(`No JavaScript here ${word}`)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Your message has been sent successfully!')).toBeVisible()
  await expect(page.getByLabel('First Name')).toHaveValue('')

  // A robot that fills the hidden field is told the same, but nothing is stored.
  await page.goto('/contact')
  await form.getByLabel('First Name').fill('Robot')
  await form.getByLabel('Last Name').fill('Spam')
  await form.getByLabel('Email').fill('robot@example.com')
  await form.getByLabel('Message').fill(`Cheap pills ${word}`)
  await form.locator('input[name="website"]').fill('https://spam.example')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Your message has been sent successfully!')).toBeVisible()
  await context.close()

  await signInApi(request)
  const stored = await (await request.get(`/api/contact_messages?q=${word}`)).json()
  expect(stored).toMatchObject([{ first_name: 'Seán', last_name: 'Ó Briain' }])
})
