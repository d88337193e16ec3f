import { expect, test } from 'vitest'

import { sanitizeHtml } from './sanitize-html.server.ts'

test('sanitizeHtml keeps the editor formatting: paragraphs, headings, emphasis, lists, quotes and links', () => {
  const html =
    '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u><br />g</p>' +
    '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><a href="/about">About</a>'
  expect(sanitizeHtml(html)).toBe(html)
})

test('sanitizeHtml removes scripts, styles and embedded content together with their text', () => {
  expect(
    sanitizeHtml(
      '<p>Hi</p><script>alert("x")</script><style>p{}</style><iframe src="https://e.example">x</iframe>',
    ),
  ).toBe('<p>Hi</p>')
  expect(
    sanitizeHtml('<noscript>n</noscript><object data="x">o</object><template><p>t</p></template>ok'),
  ).toBe('ok')
  expect(sanitizeHtml('<textarea>secret</textarea><select><option>opt</option></select>ok')).toBe('ok')
})

test('sanitizeHtml drops tags outside the allow-list but keeps their text', () => {
  expect(sanitizeHtml('<div><span>Hello</span> <img src="x.png" alt="a"> <h1>Big</h1></div>')).toBe(
    'Hello  Big',
  )
  expect(sanitizeHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell')
})

test('sanitizeHtml removes event handlers, styles, classes and ids from allowed tags', () => {
  expect(
    sanitizeHtml(
      '<p onclick="steal()" onmouseover="x()" style="color:red" class="c" id="i" data-x="1">Text</p>',
    ),
  ).toBe('<p>Text</p>')
  expect(sanitizeHtml('<a href="/x" onclick="steal()" style="x" title="t" download>Link</a>')).toBe(
    '<a href="/x">Link</a>',
  )
})

test('sanitizeHtml allows only http(s), mailto and tel links', () => {
  for (const href of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    '//evil.example/x',
    'jav&#x09;ascript:alert(1)',
  ]) {
    const clean = sanitizeHtml(`<a href="${href}">link</a>`)!
    expect(clean, href).not.toMatch(/href/)
    expect(clean).toContain('link')
  }
  expect(sanitizeHtml('<a href="mailto:office@example.org">Mail</a>')).toBe(
    '<a href="mailto:office@example.org">Mail</a>',
  )
  expect(sanitizeHtml('<a href="tel:+35321123">Call</a>')).toBe('<a href="tel:+35321123">Call</a>')
})

test('sanitizeHtml opens external links in a new tab with rel="noopener noreferrer", whatever rel was given', () => {
  expect(sanitizeHtml('<a href="https://example.org" rel="opener" target="_self">Out</a>')).toBe(
    '<a href="https://example.org" target="_blank" rel="noopener noreferrer">Out</a>',
  )
  expect(sanitizeHtml('<a href="HTTP://example.org/x">Out</a>')).toBe(
    '<a href="HTTP://example.org/x" target="_blank" rel="noopener noreferrer">Out</a>',
  )
  // Links inside the site stay in the same tab and carry no target.
  expect(sanitizeHtml('<a href="/contact" target="_blank">Contact</a>')).toBe(
    '<a href="/contact">Contact</a>',
  )
})

test('sanitizeHtml drops empty links without an address', () => {
  expect(sanitizeHtml('<p>a<a>  </a>b</p>')).toBe('<p>ab</p>')
  expect(sanitizeHtml('<a href="javascript:x()"></a>')).toBeNull()
})

test('sanitizeHtml gives null for null, undefined and markup that cleans down to nothing', () => {
  expect(sanitizeHtml(null)).toBeNull()
  expect(sanitizeHtml(undefined)).toBeNull()
  expect(sanitizeHtml('')).toBeNull()
  expect(sanitizeHtml('  <script>x</script>  ')).toBeNull()
})

test('sanitizeHtml escapes text so it cannot become markup', () => {
  expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; <b>3 > 2</b></p>')).toBe(
    '<p>1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b></p>',
  )
  expect(sanitizeHtml('<p title="x"><</p>')).toBe('<p>&lt;</p>')
})
