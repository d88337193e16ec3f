import { expectToast, unique } from './admin-helpers.ts'
import { expect, signInAt, test } from './fixtures.ts'

test('The rich-text editor formats text and the server stores it unchanged', async ({ page, request }) => {
  await signInAt(page, '/admin/services')
  const name = unique('Formatted service')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)

  const editor = page.getByRole('textbox', { name: 'Description', exact: true })
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
  await editor.click()
  await toolbar.getByRole('button', { name: 'Heading 2' }).click()
  await page.keyboard.type('Order of service')
  await page.keyboard.press('Enter')
  await page.keyboard.type('We begin with ')
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('praise')
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type(' and ')
  await toolbar.getByRole('button', { name: 'Italic' }).click()
  await page.keyboard.type('prayer')
  await toolbar.getByRole('button', { name: 'Italic' }).click()
  await page.keyboard.type('. Read more at ')
  await toolbar.getByRole('button', { name: 'Link' }).click()
  await page.getByRole('textbox', { name: 'Link address', exact: true }).fill('ipccork.ie')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(editor).toBeFocused()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Bullet list' }).click()
  await page.keyboard.type('Welcome')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Sermon')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Numbered list' }).click()
  await page.keyboard.type('Tea')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Chat')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Heading 3' }).click()
  await page.keyboard.type('Contact')
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Link' }).click()
  await page.getByRole('textbox', { name: 'Link address', exact: true }).fill('office@ipccork.ie')
  await page.keyboard.press('Enter')

  const produced = await page.locator('input[type="hidden"][name="description"]').inputValue()
  expect(produced).toContain('<h2>Order of service</h2>')
  expect(produced).toContain('<strong>praise</strong>')
  expect(produced).toContain('<em>prayer</em>')
  expect(produced).toContain(
    '<a href="https://ipccork.ie" target="_blank" rel="noopener noreferrer">ipccork.ie</a>',
  )
  expect(produced).toContain('<ul><li><p>Welcome</p></li><li><p>Sermon</p></li></ul>')
  expect(produced).toContain('<ol><li><p>Tea</p></li><li><p>Chat</p></li></ol>')
  expect(produced).toContain('<h3>Contact</h3>')
  expect(produced).toContain('<a href="mailto:office@ipccork.ie">office@ipccork.ie</a>')

  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Service added successfully')
  const services = (await (await page.request.get('/api/services')).json()) as Array<{
    id: string
    name: string
    description: string
  }>
  const service = services.find((item) => item.name === name)!
  // What the sanitiser wrote equals what the editor produced, element for element.
  const same = await page.evaluate(
    ([a, b]) => {
      const parse = (html: string) => {
        const template = document.createElement('template')
        template.innerHTML = html
        return template.content
      }
      return parse(a).isEqualNode(parse(b))
    },
    [produced, service.description],
  )
  expect(same, `${produced}\n!=\n${service.description}`).toBe(true)

  const html = await (await request.get('/services')).text()
  expect(html).toContain('<strong>praise</strong>')

  // Editing loads the stored text back into the editor.
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(editor.getByRole('heading', { name: 'Order of service' })).toBeVisible()
  await expect(editor.getByRole('link', { name: 'ipccork.ie', exact: true })).toBeVisible()
  await page.request.delete(`/api/services/${service.id}`)
})
