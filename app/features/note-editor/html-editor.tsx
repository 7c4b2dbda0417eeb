import { ActionIcon, Group } from '#app/ui/core'
import { useEffect, useRef, type ReactNode } from 'react'

/** A toolbar icon: its strokes (SVG path data), then a list's bullets (dots at the left, at these heights). */
function icon(paths: string[], bullets: number[] = []) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
      {bullets.map((y) => (
        <circle key={y} cx="4" cy={y} r="1" />
      ))}
    </svg>
  )
}

/** The toolbar, in order: each button's label (its name and tooltip), glyph and editing command. */
const TOOLS: { label: string; glyph: ReactNode; command: string }[] = [
  { label: 'Bold', glyph: <b className="ne-tool-glyph">B</b>, command: 'bold' },
  { label: 'Italic', glyph: <i className="ne-tool-glyph ne-tool-italic">I</i>, command: 'italic' },
  {
    label: 'Bulleted list',
    glyph: icon(['M9 6h11M9 12h11M9 18h11'], [6, 12, 18]),
    command: 'insertUnorderedList',
  },
  {
    label: 'Numbered list',
    glyph: icon(['M11 6h9M11 12h9M12 18h8', 'M4 16a2 2 0 1 1 4 0c0 .6-.3 1-.6 1.3L4 20h4M6 10V4L4 6']),
    command: 'insertOrderedList',
  },
  {
    label: 'Link',
    glyph: icon(['M9 15l6-6', 'M11 6l.5-.5a4 4 0 0 1 5.7 5.6l-.5.5', 'M13 18l-.4.5a4 4 0 0 1-5.6-5.7l.5-.5']),
    command: 'createLink',
  },
  {
    label: 'Remove formatting',
    glyph: icon(['M17 15l4 4m0-4l-4 4', 'M7 6V5h11v1', 'M12 5l-4 14']),
    command: 'removeFormat',
  },
]

/**
 * A small HTML editor for note bodies: a contentEditable area with bold, italic, list and link, writing
 * its HTML into the form's `note` field. The server sanitises what it receives (and again when it
 * shows it), so this editor only has to be pleasant. Without JavaScript the page shows a textarea of
 * HTML instead.
 */
export function HtmlBodyEditor({
  value,
  onChange,
  readOnly,
  labelId,
}: {
  value: string
  onChange: (html: string) => void
  readOnly?: boolean
  labelId: string
}) {
  const area = useRef<HTMLDivElement>(null)
  // The area is uncontrolled while typing; a new value from outside (a template, a toggle) is written in.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value
  }, [value])

  const run = (command: string, argument?: string) => {
    area.current?.focus()
    document.execCommand(command, false, argument)
    if (area.current) onChange(area.current.innerHTML)
  }
  const link = () => {
    const url = window.prompt('Link address (https://…)')
    if (url && /^(https?:|mailto:)/i.test(url.trim())) run('createLink', url.trim())
  }

  return (
    <div className="ne-html">
      <Group gap={2} className="ne-html-toolbar" role="toolbar" aria-label="Formatting">
        {TOOLS.map(({ label, glyph, command }) => (
          // Native title tooltips: the editor carries no popover library.
          <ActionIcon
            key={label}
            variant="subtle"
            color="gray"
            size="md"
            aria-label={label}
            title={label}
            disabled={readOnly}
            // Keep the selection in the text while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={command === 'createLink' ? link : () => run(command)}
          >
            {glyph}
          </ActionIcon>
        ))}
      </Group>
      <div
        ref={area}
        className="ne-html-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onBlur={(event) => onChange(event.currentTarget.innerHTML)}
      />
    </div>
  )
}
