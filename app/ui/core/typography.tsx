import { rem, useMantineTheme } from '@mantine/core'
import type { AnchorHTMLAttributes, CSSProperties, ElementType } from 'react'
import { focusClass, dataSize, mod, rootProps, sizeVar, splitStyleProps, themeColor, vars } from './box'
import type { BoxProps } from './layout'
import { CLASSES, cx } from './classes'

type Polymorphic<P> = P & { component?: ElementType } & Record<string, unknown>
type TextSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number

export interface TextProps<E extends HTMLElement = HTMLElement> extends BoxProps<E> {
  size?: TextSize
  span?: boolean
  inline?: boolean
  inherit?: boolean
  lineClamp?: number
  truncate?: boolean | 'start' | 'end'
  /** Deprecated in Mantine; kept for the same output. */
  color?: string
}

const truncation = (truncate: TextProps['truncate']) =>
  truncate === 'start' ? 'start' : truncate === 'end' || truncate ? 'end' : undefined

function useTextParts(
  {
    size,
    span,
    inline,
    inherit = false,
    lineClamp,
    truncate,
    color,
    className,
    style,
    mod: extra,
    ...props
  }: TextProps,
  staticClasses: string,
  extraClass?: string,
) {
  const theme = useMantineTheme()
  const base = vars(
    {
      '--text-fz': sizeVar(size, 'mantine-font-size'),
      '--text-lh': sizeVar(size, 'mantine-line-height', false),
      '--text-line-clamp': typeof lineClamp === 'number' ? lineClamp.toString() : undefined,
      '--text-color': color ? themeColor(color, theme, false) : undefined,
    },
    style,
  )
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  return {
    element: span ? 'span' : 'p',
    props: {
      style: merged,
      className: cx(focusClass(theme), extraClass, className, CLASSES.Text.root, staticClasses),
      'data-size': dataSize(size),
      ...mod({
        'data-truncate': truncation(truncate),
        'data-line-clamp': typeof lineClamp === 'number',
        'data-inline': inline,
        'data-inherit': inherit,
        ...extra,
      }),
      ...rest,
    },
  }
}

/** Mantine's Text. */
export function Text({ component, ...props }: Polymorphic<TextProps>) {
  const { element, props: out } = useTextParts(props, 'mantine-Text-root')
  const Element = component ?? element
  return <Element {...out} />
}

/** Mantine's Anchor: a Text link, underlined on hover. */
export function Anchor({
  component,
  underline = 'hover',
  mod: extra,
  ...props
}: Polymorphic<
  TextProps<HTMLAnchorElement> &
    Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel' | 'download'> & {
      underline?: 'always' | 'hover' | 'never' | 'not-hover'
    }
>) {
  const { props: out } = useTextParts(
    { ...(props as TextProps), mod: { underline, ...extra } },
    'mantine-Text-root mantine-Anchor-root',
    CLASSES.Anchor.root,
  )
  const Element = component ?? 'a'
  return <Element {...out} />
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const NAMED = new Set(['xs', 'sm', 'md', 'lg', 'xl'])

/** Mantine's Title: a heading of `order`, sized as `size`. */
export function Title({
  order = 1,
  size,
  lineClamp,
  textWrap,
  className,
  style,
  mod: extra,
  ...props
}: BoxProps & { order?: 1 | 2 | 3 | 4 | 5 | 6; size?: string | number; lineClamp?: number; textWrap?: string }) {
  const theme = useMantineTheme()
  const named = size ?? `h${order}`
  const fontSize =
    typeof named === 'string' && HEADINGS.has(named)
      ? `var(--mantine-${named}-font-size)`
      : typeof named === 'string' && NAMED.has(named)
        ? `var(--mantine-font-size-${named})`
        : rem(named)
  const heading = typeof named === 'string' && HEADINGS.has(named) ? named : `h${order}`
  const base = vars(
    {
      '--title-fw': `var(--mantine-${heading}-font-weight)`,
      '--title-lh': `var(--mantine-${heading}-line-height)`,
      '--title-fz': fontSize,
      '--title-line-clamp': typeof lineClamp === 'number' ? lineClamp.toString() : undefined,
      '--title-text-wrap': textWrap,
    },
    style,
  )
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  const Heading = `h${order}` as ElementType
  return (
    <Heading
      data-size={dataSize(size)}
      {...rootProps('Title', className, merged, { order, 'data-line-clamp': typeof lineClamp === 'number', ...extra })}
      {...rest}
    />
  )
}

/** Mantine's Code: inline code (or a block with `block`), written left to right as Mantine does. */
export function Code({ block, className, style, mod: extra, ...props }: BoxProps & { block?: boolean }) {
  const theme = useMantineTheme()
  const { style: merged, rest } = splitStyleProps(props, theme, style)
  const Element = block ? 'pre' : 'code'
  return <Element dir="ltr" {...rootProps('Code', className, merged, { block, ...extra })} {...rest} />
}

/** Mantine's Image (without its fallback source): an img sized by the style props (`w`, `h`). */
export function Image({
  fit,
  className,
  style,
  mod: extra,
  ...props
}: BoxProps<HTMLImageElement> & { src: string; alt: string; fit?: CSSProperties['objectFit'] }) {
  const theme = useMantineTheme()
  const { style: merged, rest } = splitStyleProps(props, theme, vars({ '--image-object-fit': fit }, style))
  return <img {...rootProps('Image', className, merged, extra)} {...rest} alt={rest.alt} />
}
