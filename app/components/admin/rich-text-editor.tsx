import { Link as LinkExtension } from '@tiptap/extension-link'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Unlink } from 'lucide-react'
import { Popover, Toolbar } from 'radix-ui'
import { useEffect, useState } from 'react'

import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { cn } from '#app/lib/cn.ts'
import { isAllowedLink, linkAttributes, normalizeLink } from '#app/lib/rich-text-links.ts'

/**
 * Links rendered exactly as the server's sanitiser writes them (same attributes, same order), so what the
 * editor produces is stored unchanged.
 */
const SafeLink = LinkExtension.extend({
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? '')
    return ['a', isAllowedLink(href) ? linkAttributes(href) : {}, 0]
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  isAllowedUri: (url) => isAllowedLink(url),
  // Typed e-mail addresses stay text: a link is made on purpose with the toolbar.
  shouldAutoLink: (url) => /^https?:\/\//i.test(url) || /^www\./i.test(url),
})

// Only what the sanitiser allows: no code, strike-through, rules or h1.
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    strike: false,
    horizontalRule: false,
    link: false,
  }),
  SafeLink,
]

export default function RichTextEditor({
  id,
  labelId,
  initialHtml,
  onChange,
  required,
  invalid,
  describedBy,
  lang,
}: {
  id: string
  labelId: string
  initialHtml: string
  onChange: (html: string) => void
  required?: boolean
  invalid?: boolean
  describedBy?: string
  lang?: string
}) {
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: cn(
      'admin-rich-text min-h-40 rounded-b-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900',
      'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40',
    ),
  }
  if (required) attributes['aria-required'] = 'true'
  if (invalid) attributes['aria-invalid'] = 'true'
  if (describedBy) attributes['aria-describedby'] = describedBy
  if (lang) attributes.lang = lang

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    immediatelyRender: false,
    editorProps: { attributes },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  })

  const attributesKey = JSON.stringify(attributes)
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } })
  }, [editor, attributesKey])

  if (!editor) {
    return <div className="min-h-[12.625rem] rounded-md border border-gray-300 bg-gray-50" aria-busy="true" />
  }
  return (
    <div>
      <EditorToolbar editor={editor} controls={id} />
      <EditorContent editor={editor} />
    </div>
  )
}

function EditorToolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  })
  const chain = () => editor.chain().focus()
  const buttons = [
    { label: 'Bold', icon: Bold, pressed: active.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', icon: Italic, pressed: active.italic, run: () => chain().toggleItalic().run() },
    {
      label: 'Heading 2',
      icon: Heading2,
      pressed: active.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      icon: Heading3,
      pressed: active.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bullet list',
      icon: List,
      pressed: active.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      icon: ListOrdered,
      pressed: active.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
  ]
  return (
    <Toolbar.Root
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5 rounded-t-md border border-b-0 border-gray-300 bg-gray-50 p-1"
    >
      {buttons.map(({ label, icon: Icon, pressed, run }) => (
        <Toolbar.Button
          key={label}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={pressed}
          // Keeps the editor focused (and its selection) when a button is clicked with the mouse.
          onMouseDown={(event) => event.preventDefault()}
          onClick={run}
          className={toolbarButtonClasses(pressed)}
        >
          <Icon aria-hidden="true" className="size-4" />
        </Toolbar.Button>
      ))}
      <Toolbar.Separator className="mx-1 h-5 w-px bg-gray-300" />
      <LinkButton editor={editor} active={active.link} />
    </Toolbar.Root>
  )
}

function toolbarButtonClasses(pressed: boolean) {
  return cn(
    'flex size-8 cursor-pointer items-center justify-center rounded text-gray-700 hover:bg-gray-200 hover:text-gray-950',
    'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary',
    pressed && 'bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary',
  )
}

/** The link button: a small popover to type an address; Apply sets it on the selection, Remove unlinks. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const inputId = `${editor.view.dom.id}-link`

  function apply() {
    const href = normalizeLink(value)
    if (!href) {
      setError('Enter a web address, an e-mail address or a phone number')
      return
    }
    const { empty } = editor.state.selection
    if (empty && !editor.isActive('link')) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run()
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
    }
    setOpen(false)
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValue(String(editor.getAttributes('link').href ?? ''))
          setError(null)
        }
        setOpen(next)
      }}
    >
      <Popover.Trigger asChild>
        <Toolbar.Button
          type="button"
          aria-label="Link"
          title="Link"
          aria-pressed={active}
          className={toolbarButtonClasses(active)}
        >
          <Link2 aria-hidden="true" className="size-4" />
        </Toolbar.Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white p-4 text-gray-900 shadow-lg"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            editor.commands.focus()
          }}
        >
          {/* Not a <form>: this sits inside the page's form in React's tree and must not submit it. */}
          <div className="space-y-2">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Link address
            </label>
            <Input
              id={inputId}
              value={value}
              placeholder="https://example.org"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => setValue(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  apply()
                }
              }}
            />
            {error ? (
              <p id={`${inputId}-error`} className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2 pt-1">
              {active ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    editor.chain().focus().extendMarkRange('link').unsetLink().run()
                    setOpen(false)
                  }}
                >
                  <Unlink aria-hidden="true" />
                  Remove link
                </Button>
              ) : null}
              <Button size="sm" onClick={apply}>
                Apply
              </Button>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
