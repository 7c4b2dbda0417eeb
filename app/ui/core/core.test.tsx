import * as M from '@mantine/core'
import { MantineProvider } from '@mantine/core'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CLASSES } from './classes'
import { CHECK_ICON, CHECK_PATH, CHEVRON_ICON, CHEVRON_PATH } from './icons'
import { preparedTheme, themeColors } from '#app/ui/theme'
import * as K from './index'

const { theme } = preparedTheme(themeColors(null), false)

/** Mantine's inline icon paths, as the kit refers to them in its sprite (app/ui/core/icons.tsx). */
function spriteIcons(html: string): string {
  const inline = (d: string) => new RegExp(`<path d="${d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*></path>`, 'g')
  return html
    .replace(inline(CHEVRON_PATH), `<use href="#${CHEVRON_ICON}"></use>`)
    .replace(inline(CHECK_PATH), `<use href="#${CHECK_ICON}"></use>`)
}

/**
 * The markup with what may differ and means nothing normalised: generated ids (numbered in order of
 * appearance), the order of attributes, class names and style declarations, and Mantine's inline
 * icons written as the kit's references to the same paths.
 */
function normalise(html: string): string {
  html = spriteIcons(html)
  const ids = new Map<string, string>()
  const id = (raw: string) => {
    if (!ids.has(raw)) ids.set(raw, `ID${ids.size}`)
    return ids.get(raw)!
  }
  return html
    .replace(/<style data-mantine-styles="classes">.*?<\/style>/g, '')
    .replace(
      /(mantine-|__m__-)[A-Za-z0-9]*R[A-Za-z0-9_«»:-]*?(?=[-"\s.{]|-(?:label|body|title|error|description)\b)/g,
      (raw) => id(raw),
    )
    .replace(
      /<([a-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g,
      (_, tag: string, attrs: string, close: string) => {
        const list = [...attrs.matchAll(/\s+([^\s=>]+)(?:="([^"]*)")?/g)].map(([, name, value]) => {
          if (value === undefined) return name
          if (name === 'class') value = value.split(/\s+/).filter(Boolean).sort().join(' ')
          if (name === 'style')
            value = value
              .split(';')
              .map((part) => part.trim())
              .filter(Boolean)
              .sort()
              .join(';')
          return `${name}="${value}"`
        })
        return `<${tag}${list
          .sort()
          .map((attr) => ` ${attr}`)
          .join('')}${close}>`
      },
    )
}

const render = (element: ReactElement) =>
  normalise(
    renderToStaticMarkup(
      <MantineProvider theme={theme} withCssVariables={false}>
        {element}
      </MantineProvider>,
    ),
  )

type Case = [string, ReactElement, ReactElement]
// Each case: the kit's element and Mantine's, with the same props.
const same = (name: string, Kit: unknown, Mantine: unknown, props: Record<string, unknown>): Case => {
  const MC = Mantine as (props: Record<string, unknown>) => ReactElement
  const KC = Kit as unknown as (props: Record<string, unknown>) => ReactElement
  return [name, <KC key="k" {...props} />, <MC key="m" {...props} />]
}

const CASES: Case[] = [
  same('Group', K.Group, M.Group, { children: [<span key="a">a</span>, null, <span key="b">b</span>] }),
  same('Group props', K.Group, M.Group, {
    gap: 'xs',
    justify: 'space-between',
    wrap: 'nowrap',
    align: 'flex-end',
    mb: 'xs',
    mt: 4,
    'aria-label': 'g',
    role: 'group',
    style: { color: 'red' },
    className: 'extra',
    children: 'x',
  }),
  same('Group grow', K.Group, M.Group, {
    grow: true,
    gap: 6,
    children: [<span key="a">a</span>, <span key="b">b</span>, <span key="c">c</span>],
  }),
  same('Group component', K.Group, M.Group, { component: 'section', p: 'sm', children: 'x' }),
  same('Stack', K.Stack, M.Stack, { children: 'x' }),
  same('Stack props', K.Stack, M.Stack, {
    gap: 'sm',
    p: 'md',
    maw: 900,
    mx: 'auto',
    align: 'center',
    component: 'main',
    role: 'main',
    children: 'x',
  }),
  same('Paper', K.Paper, M.Paper, { withBorder: true, p: 'sm', children: 'x' }),
  same('Paper props', K.Paper, M.Paper, {
    radius: 'md',
    shadow: 'sm',
    component: 'section',
    'aria-labelledby': 'h',
    maw: 480,
    mx: 'auto',
    mt: 'xl',
    className: 'c',
    children: 'x',
  }),
  same('Card', K.Card, M.Card, { padding: 'sm', withBorder: true, children: 'x' }),
  same('Container', K.Container, M.Container, { size: 'xl', py: 'md', children: 'x' }),
  same('Container plain', K.Container, M.Container, { children: 'x' }),
  same('Container fluid', K.Container, M.Container, { fluid: true, size: 'sm', px: 0, children: 'x' }),
  same('SimpleGrid', K.SimpleGrid, M.SimpleGrid, {
    cols: 2,
    spacing: 'xs',
    children: [<div key="a">a</div>, <div key="b">b</div>],
  }),
  same('SimpleGrid responsive', K.SimpleGrid, M.SimpleGrid, {
    cols: { base: 1, sm: 2, lg: 4 },
    spacing: 'xs',
    verticalSpacing: 6,
    mt: 'sm',
    children: 'x',
  }),
  same('Text', K.Text, M.Text, { children: 'hi' }),
  same('Text props', K.Text, M.Text, { size: 'sm', c: 'dimmed', fw: 700, mb: 'xs', tt: 'uppercase', children: 'hi' }),
  same('Text span', K.Text, M.Text, { span: true, size: 'xs', c: 'red', ff: 'monospace', children: 'hi' }),
  same('Text component', K.Text, M.Text, {
    component: 'label',
    htmlFor: 'x',
    size: 'sm',
    fw: 500,
    'aria-live': 'polite',
    role: 'status',
    c: 'red.7',
    children: 'hi',
  }),
  same('Text lineClamp', K.Text, M.Text, {
    lineClamp: 2,
    truncate: true,
    inline: true,
    display: 'block',
    children: 'hi',
  }),
  same('Title', K.Title, M.Title, { children: 'T' }),
  same('Code', K.Code, M.Code, { children: 'ABCD EFGH' }),
  same('Code props', K.Code, M.Code, { 'data-testid': 'c', style: { overflowWrap: 'anywhere' }, children: 'K' }),
  same('Code block', K.Code, M.Code, { block: true, children: 'K' }),
  same('Image', K.Image, M.Image, { src: 'data:image/svg+xml;base64,PHN2Zy8+', alt: 'QR code', w: 200, h: 200 }),
  same('Image fit', K.Image, M.Image, { src: '/x.png', alt: 'x', fit: 'contain', mt: 'sm' }),
  same('Title props', K.Title, M.Title, { order: 2, size: 'h5', mb: 'xs', id: 't', children: 'T' }),
  same('Title size', K.Title, M.Title, { order: 3, size: 'sm', c: 'dimmed', children: 'T' }),
  same('Anchor', K.Anchor, M.Anchor, { href: '/x', size: 'xs', children: 'a' }),
  same('Anchor props', K.Anchor, M.Anchor, {
    href: '/x',
    target: '_blank',
    fw: 700,
    'aria-current': 'page',
    title: 't',
    children: 'a',
  }),
  same('Button', K.Button, M.Button, { children: 'Go' }),
  same('Button default', K.Button, M.Button, {
    size: 'xs',
    variant: 'default',
    type: 'submit',
    name: 'intent',
    value: 'save',
    children: 'Go',
  }),
  same('Button colour', K.Button, M.Button, {
    color: 'red',
    variant: 'light',
    mt: 'sm',
    'aria-label': 'Delete',
    children: 'Del',
  }),
  same('Button loading', K.Button, M.Button, { size: 'xs', loading: true, children: 'Go' }),
  same('Button disabled', K.Button, M.Button, { disabled: true, fullWidth: true, children: 'Go' }),
  same('Button sections', K.Button, M.Button, {
    leftSection: <span>L</span>,
    rightSection: <span>R</span>,
    variant: 'subtle',
    size: 'compact-xs',
    children: 'Go',
  }),
  same('Button link', K.Button, M.Button, {
    component: 'a',
    href: '/x',
    size: 'xs',
    variant: 'default',
    children: 'Go',
  }),
  same('Badge', K.Badge, M.Badge, { children: '3' }),
  same('ActionIcon', K.ActionIcon, M.ActionIcon, { 'aria-label': 'Go', children: 'G' }),
  same('ActionIcon subtle', K.ActionIcon, M.ActionIcon, {
    variant: 'subtle',
    color: 'gray',
    size: 'md',
    title: 'Bold',
    'aria-label': 'Bold',
    children: 'B',
  }),
  same('ActionIcon disabled', K.ActionIcon, M.ActionIcon, {
    variant: 'subtle',
    color: 'gray',
    disabled: true,
    'aria-label': 'Bold',
    children: 'B',
  }),
  same('CloseButton', K.CloseButton, M.CloseButton, { 'aria-label': 'Close' }),
  same('CloseButton md', K.CloseButton, M.CloseButton, { size: 'md', 'aria-label': 'Close' }),
  same('CloseButton link sm', K.CloseButton, M.CloseButton, {
    component: 'a',
    href: '/x',
    size: 'sm',
    'aria-label': 'Close x',
  }),
  same('Loader', K.Loader, M.Loader, { 'aria-label': 'Loading firm' }),
  same('Loader size', K.Loader, M.Loader, { size: 12 }),
  same('Notification', K.Notification, M.Notification, {
    color: 'secondary',
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close' },
    withBorder: true,
    title: 'T',
    children: 'Body',
  }),
  same('Notification loading', K.Notification, M.Notification, {
    color: 'primary',
    loading: true,
    withCloseButton: false,
    withBorder: true,
    children: 'Sending',
  }),
  same('Notification error', K.Notification, M.Notification, {
    color: 'error',
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close' },
    withBorder: true,
    children: 'Failed',
  }),
  same('Badge props', K.Badge, M.Badge, {
    variant: 'light',
    size: 'sm',
    radius: 'sm',
    color: 'secondary',
    ml: 4,
    tt: 'none',
    title: 't',
    children: '3',
  }),
  same('Badge sections', K.Badge, M.Badge, { leftSection: 'L', rightSection: <span>R</span>, children: '3' }),
  same('Alert', K.Alert, M.Alert, { children: 'bad' }),
  same('Alert props', K.Alert, M.Alert, { color: 'red', role: 'alert', mb: 'xs', py: 6, children: 'bad' }),
  same('Alert title', K.Alert, M.Alert, {
    color: 'yellow',
    title: 'No results',
    variant: 'outline',
    role: 'status',
    children: 'Try again',
  }),
  same('TextInput', K.TextInput, M.TextInput, { name: 'q' }),
  same('TextInput props', K.TextInput, M.TextInput, {
    name: 'q',
    size: 'xs',
    w: 220,
    label: 'Search',
    placeholder: 'p',
    required: true,
    defaultValue: 'v',
    maxLength: 200,
    inputMode: 'numeric',
    pattern: '[0-9]+',
  }),
  same('TextInput error', K.TextInput, M.TextInput, {
    name: 'q',
    label: 'Name',
    error: 'Name is required',
    description: 'Your name',
    withAsterisk: true,
    style: { flex: 1 },
  }),
  same('TextInput aria', K.TextInput, M.TextInput, {
    name: 'fid',
    'aria-label': 'Get by FID',
    size: 'xs',
    readOnly: true,
    type: 'email',
    leftSection: '$',
    id: 'x',
  }),
  same('TextInput label props', K.TextInput, M.TextInput, {
    name: 'q',
    label: 'Hidden',
    labelProps: { className: 'visually-hidden' },
    error: true,
  }),
  same('Textarea', K.Textarea, M.Textarea, { name: 'note', rows: 8, 'aria-labelledby': 'l', readOnly: true }),
  same('Textarea error', K.Textarea, M.Textarea, {
    name: 'note',
    label: 'Note',
    error: 'Too long',
    className: 'ne-html-source',
    defaultValue: 'x',
  }),
  same('Textarea autosize', K.Textarea, M.Textarea, { name: 'note', autosize: true, minRows: 8, maxRows: 24, rows: 8 }),
  same('NativeSelect', K.NativeSelect, M.NativeSelect, { name: 'k', data: ['a', 'b'] }),
  same('NativeSelect props', K.NativeSelect, M.NativeSelect, {
    name: 'k',
    size: 'xs',
    label: 'Kind',
    defaultValue: 'b',
    data: [
      { value: '', label: '' },
      { value: 'b', label: 'B' },
    ],
    disabled: true,
    error: 'Pick one',
    description: 'd',
  }),
  same('Checkbox', K.Checkbox, M.Checkbox, { name: 'c', label: 'C' }),
  same('Checkbox props', K.Checkbox, M.Checkbox, {
    name: 'col',
    value: 'sort',
    size: 'xs',
    'aria-label': 'Show Sort Name column',
    defaultChecked: true,
    mb: 2,
  }),
  same('Checkbox disabled', K.Checkbox, M.Checkbox, {
    name: 'c',
    label: 'C',
    disabled: true,
    checked: true,
    readOnly: true,
    mt: 'xs',
  }),
  ...[
    [1, 1],
    [3, 2],
    [7, 7],
    [9, 1],
    [9, 5],
    [20, 18],
    [806, 400],
  ].map(([total, value]) =>
    same(`Pagination ${value} of ${total}`, K.Pagination, M.Pagination, {
      total,
      value,
      size: 'sm',
      'aria-label': 'Pages',
      getItemProps: (page: number) => ({ component: 'a', href: `/list?page=${page}` }),
      getControlProps: (control: string) => ({
        component: 'a',
        href: `/list?to=${control}`,
        'aria-label': `${control} page`,
      }),
    }),
  ),
  same('Pagination buttons', K.Pagination, M.Pagination, {
    total: 12,
    value: 3,
    withEdges: true,
    color: 'red',
    radius: 'xl',
    gap: 4,
  }),
  same('InputWrapper', K.InputWrapper, M.InputWrapper, { label: 'Primary', id: 'pp', children: <input /> }),
  same('InputWrapper props', K.InputWrapper, M.InputWrapper, {
    label: 'Type',
    description: 'd',
    error: 'Required',
    required: true,
    size: 'xs',
    id: 'type-group',
    mt: 'sm',
    className: 'c',
    style: { color: 'red' },
    children: <div>boxes</div>,
  }),
  same('InputWrapper label props', K.InputWrapper, M.InputWrapper, {
    label: 'Type',
    withAsterisk: true,
    error: true,
    id: 'type-group',
    labelProps: { fz: 'md', fw: 700, mb: 'xs' },
    children: <div>boxes</div>,
  }),
  [
    'List',
    <K.List key="k">
      <K.ListItem>one</K.ListItem>
      <K.ListItem>two</K.ListItem>
    </K.List>,
    <M.List key="m">
      <M.List.Item>one</M.List.Item>
      <M.List.Item>two</M.List.Item>
    </M.List>,
  ],
  [
    'List props',
    <K.List key="k" type="ordered" size="sm" spacing="xs" withPadding mt="md" listStyleType="disc">
      <K.ListItem>one</K.ListItem>
    </K.List>,
    <M.List key="m" type="ordered" size="sm" spacing="xs" withPadding mt="md" listStyleType="disc">
      <M.List.Item>one</M.List.Item>
    </M.List>,
  ],
]

describe('the kit renders what Mantine renders', () => {
  it.each(CASES)('%s', (_name, kit, mantine) => {
    expect(render(kit)).toBe(render(mantine))
  })
})

describe('the class names the kit renders', () => {
  it("are Mantine's (an upgrade that renames one fails here)", () => {
    for (const [component, classes] of Object.entries(CLASSES)) {
      const mantine = (M as unknown as Record<string, { classes: Record<string, string> }>)[component]
      expect(mantine.classes, component).toMatchObject(classes)
    }
  })
})

describe('the icon sprite', () => {
  it("holds Mantine's own chevron and tick, so a control that refers to them looks the same", () => {
    const mantine = renderToStaticMarkup(
      <MantineProvider theme={theme} withCssVariables={false}>
        <M.NativeSelect data={['a']} />
        <M.Checkbox label="C" />
      </MantineProvider>,
    )
    expect(mantine).toContain(`d="${CHEVRON_PATH}"`)
    expect(mantine).toContain(`d="${CHECK_PATH}"`)
    const sprite = renderToStaticMarkup(<K.IconSprite />)
    expect(sprite).toContain(`<symbol id="${CHEVRON_ICON}" viewBox="0 0 15 15"><path d="${CHEVRON_PATH}"`)
    expect(sprite).toContain(`<symbol id="${CHECK_ICON}" viewBox="0 0 10 7"><path d="${CHECK_PATH}"`)
    const kit = renderToStaticMarkup(
      <MantineProvider theme={theme} withCssVariables={false}>
        <K.Checkbox label="C" />
      </MantineProvider>,
    )
    expect(kit).toContain(`<use href="#${CHECK_ICON}"></use>`)
    expect(kit).not.toContain('<path')
  })
})
