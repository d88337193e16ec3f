import { expect, test, waitForHydration } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page)
})

test('The hero carousel loads the first slide eagerly, moves on by itself and jumps to a chosen dot', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const carousel = page.getByRole('region', { name: 'Welcome slides' })
  const slides = carousel.locator('[aria-roledescription="slide"]')
  await expect(slides).toHaveCount(3)
  await expect(slides.first()).toHaveCSS('height', '600px')
  const firstImage = slides.first().locator('img')
  await expect(firstImage).toHaveAttribute('loading', 'eager')
  await expect(firstImage).toHaveAttribute('fetchpriority', 'high')
  await expect(slides.nth(1).locator('img')).toHaveAttribute('loading', 'lazy')
  await expect(carousel.getByRole('heading', { name: 'Welcome Home' })).toBeVisible()

  const dots = carousel.getByRole('button', { name: /^Go to slide/ })
  await expect(dots).toHaveCount(3)
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true')

  // Autoplay: the next slide is selected after about 4 seconds.
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 7_000 })

  await dots.nth(2).click()
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')
  await expect(dots.nth(0)).not.toHaveAttribute('aria-current')
  // When autoplay moves the slides just as the dot is clicked, Playwright may scroll the page to find a clear
  // spot to click; look from the top of the page again.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(carousel.getByRole('heading', { name: 'Grow Together' })).toBeInViewport()

  // It loops: after the last slide comes the first again.
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true', { timeout: 7_000 })

  await carousel.getByRole('button', { name: 'Pause slideshow' }).click()
  await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
})

test('The later slides’ pictures are fetched only after the page has loaded, and before the slide changes', async ({
  page,
  request,
}) => {
  // As served, the later slides' pictures wait in data-src.
  const html = await (await request.get('/')).text()
  expect(html).toMatch(/data-src="\/media\/[^"]+\.webp"/)
  await page.goto('/')
  const later = page.locator('[aria-roledescription="slide"]').nth(1).locator('img')
  // About a second after the load event, well before the first change of slide (4 s), it is fetched.
  await expect(later).toHaveAttribute('src', /^\/media\/.+\.webp$/, { timeout: 4_000 })
  await expect
    .poll(() => later.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true)
  // Timed on the page's own clock (a busy test driver cannot blur it): asked for after the load event ended.
  const { askedAt, loaded } = await later.evaluate((image: HTMLImageElement) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const entry = performance.getEntriesByName(image.currentSrc)[0]
    return { askedAt: entry?.startTime ?? -1, loaded: navigation.loadEventEnd }
  })
  expect(loaded).toBeGreaterThan(0)
  expect(askedAt).toBeGreaterThanOrEqual(loaded)
})

test('The welcome and info band show the description, regular service times, directions and contact', async ({
  page,
}) => {
  await page.goto('/')
  // The whole stylesheet is in (it follows the slides), and the first screen's rules are gone (decision 0028).
  expect(
    await page.evaluate(() => ({
      rest: (document.querySelector('link[data-rest-of-styles]') as HTMLLinkElement | null)?.sheet != null,
      first: document.querySelectorAll('style[data-first-screen-styles]').length,
    })),
  ).toEqual({ rest: true, first: 0 })
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Welcome to Our Church' })).toBeVisible()
  await expect(main.locator('.rich-text strong').first()).toHaveText(
    'Indian Pentecostal Church of God in Cork',
  )
  await expect(main.getByRole('link', { name: 'Learn More About Us' })).toHaveAttribute('href', '/about')

  const band = main.getByRole('region', { name: 'Service times, location and contact' })
  await expect(band.getByRole('heading', { name: 'Service Times' })).toBeVisible()
  await expect(band.getByText('Sunday Worship Service')).toBeVisible()
  await expect(band.getByText('Friday Prayer Meeting')).toBeVisible()
  // Special services are not service times.
  await expect(band.getByText('Christmas Carol Service')).toHaveCount(0)
  const directions = band.getByRole('link', { name: 'Get Directions' })
  await expect(directions).toHaveAttribute('href', /destination=51\.8969%2C-8\.4863/)
  await expect(directions).toHaveAttribute('target', '_blank')
  await expect(band.getByText('+353 21 432 0199')).toBeVisible()
  await expect(band.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
})

test('Home shows six events, four ministries, six photos and three leaders, each linking onwards', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const main = page.getByRole('main')

  const events = main.getByRole('region', { name: 'Events & Activities' }).getByRole('article')
  await expect(events).toHaveCount(6)
  // Soonest first: a regular event by its next date.
  await expect(events.first().getByText(/^(Regular|Special)$/)).toBeVisible()
  await expect(events.first().locator('.rich-text')).toHaveCSS('-webkit-line-clamp', '2')
  // Every card carries its badge: Regular for weekly events, Special for one-off ones.
  await expect(events.getByText(/^(Regular|Special)$/)).toHaveCount(6)
  await expect(main.getByRole('link', { name: 'View All Events' })).toHaveAttribute('href', '/events')

  const ministries = main.getByRole('region', { name: 'Our Ministries' }).getByRole('article')
  await expect(ministries).toHaveCount(4)
  await expect(ministries.first().locator('.rich-text')).toHaveCSS('-webkit-line-clamp', '3')
  await expect(main.getByRole('link', { name: 'View All Ministries' })).toHaveAttribute('href', '/ministries')

  const gallery = main.getByRole('region', { name: 'Gallery' })
  const photos = gallery.getByRole('link').filter({ has: page.locator('img') })
  await expect(photos).toHaveCount(6)
  const [first, second] = [await photos.nth(0).boundingBox(), await photos.nth(1).boundingBox()]
  expect(first!.width).toBeGreaterThan(second!.width * 1.5)
  // Hovering a photo shows its title and category.
  const caption = photos.nth(1).locator('span[aria-hidden]')
  await expect(caption).toHaveCSS('opacity', '0')
  await photos.nth(1).hover()
  await expect(caption).toHaveCSS('opacity', '1')
  await expect(caption).toContainText('Praise night')
  await expect(caption).toContainText('Worship')
  await expect(main.getByRole('link', { name: 'View Full Gallery' })).toHaveAttribute('href', '/gallery')

  const leadership = main.getByRole('region', { name: 'Our Leadership' })
  await expect(
    leadership.getByText('Meet the dedicated team that guides our church community with wisdom and grace'),
  ).toBeVisible()
  await expect(leadership.getByRole('article')).toHaveCount(3)
  await expect(
    leadership.getByRole('img', {
      name: 'Stand-in portrait: a yellow head-and-shoulders silhouette on green',
    }),
  ).toHaveCSS('border-radius', /%|px/)
  await expect(leadership.getByRole('link', { name: 'Meet Our Full Team' })).toHaveAttribute(
    'href',
    '/about#leadership',
  )

  // 'Learn More' on a ministry goes to its card on the Ministries page.
  const name = await ministries.nth(1).getByRole('heading').textContent()
  const learnMore = ministries.nth(1).getByRole('link', { name: /^Learn More/ })
  const href = await learnMore.getAttribute('href')
  expect(href).toMatch(/^\/ministries#[\w-]+$/)
  await learnMore.click()
  await page.waitForURL(`**${href}`)
  const card = page.locator(`[id="${href!.split('#')[1]}"]`)
  await expect(card.getByRole('heading', { name: name! })).toBeInViewport()
})

test('Every image has a size, alternative text, a srcset for uploads and loads lazily below the fold', async ({
  page,
}) => {
  await page.goto('/')
  const images = await page.locator('img').evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((image) => ({
      // A later slide's picture waits in data-src and data-srcset until the page has loaded.
      src: image.getAttribute('src') ?? image.getAttribute('data-src'),
      alt: image.getAttribute('alt'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      srcset: image.getAttribute('srcset') ?? image.getAttribute('data-srcset'),
      sizes: image.getAttribute('sizes'),
      loading: image.getAttribute('loading'),
      top: image.getBoundingClientRect().top,
    })),
  )
  expect(images.length).toBeGreaterThan(15)
  for (const image of images) {
    expect(image.alt, image.src!).not.toBeNull()
    expect(Number(image.width), image.src!).toBeGreaterThan(0)
    expect(Number(image.height), image.src!).toBeGreaterThan(0)
    if (image.src!.startsWith('/media/')) {
      expect(image.srcset, image.src!).toMatch(/^\/media\/\S+ 480w(, \/media\/\S+ \d+w)+$/)
      expect(image.sizes, image.src!).toBeTruthy()
    }
    if (image.top > 1000) expect(image.loading, image.src!).toBe('lazy')
  }
})
