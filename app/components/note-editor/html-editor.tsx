import { ActionIcon, Group, Text, Tooltip } from '@mantine/core'
import { useEffect, useRef } from 'react'

/**
 * A small HTML editor for note bodies: a contentEditable area with bold, italic, list and link, writing
 * its HTML into the form's `note` field. The server sanitises what it receives (and again when it
 * shows it), so this editor only has to be pleasant. Without JavaScript the page shows a textarea of
 * HTML instead.
 */
export function HtmlBodyEditor({ value, onChange, readOnly, labelId }: { value: string; onChange: (html: string) => void; readOnly?: boolean; labelId: string }) {
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
  const tool = (label: string, glyph: string, command: () => void) => (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        disabled={readOnly}
        // Keep the selection in the text while the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={command}
      >
        <span aria-hidden="true" className="ne-tool-glyph">
          {glyph}
        </span>
      </ActionIcon>
    </Tooltip>
  )

  return (
    <div className="ne-html">
      <Group gap={2} className="ne-html-toolbar" role="toolbar" aria-label="Formatting">
        {tool('Bold', 'B', () => run('bold'))}
        {tool('Italic', 'I', () => run('italic'))}
        {tool('Bulleted list', '•', () => run('insertUnorderedList'))}
        {tool('Numbered list', '1.', () => run('insertOrderedList'))}
        {tool('Link', '🔗', () => {
          const url = window.prompt('Link address (https://…)')
          if (url && /^(https?:|mailto:)/i.test(url.trim())) run('createLink', url.trim())
        })}
        {tool('Remove formatting', '⌫', () => run('removeFormat'))}
        <Text size="xs" c="dimmed" ml="auto" pr={6}>
          HTML
        </Text>
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
