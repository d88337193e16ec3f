import { expect, test, waitForHydration } from './fixtures.ts'
import {
  acceptCookiesUpFront,
  expectActiveNavItem,
  expectTextsInAnyOrder,
  signInApi,
} from './public-helpers.ts'

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page)
})

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
