import { InlineStyles, useMantineTheme } from '@mantine/core'
import { Children, useId, type CSSProperties, type ElementType, type HTMLAttributes, type ReactNode } from 'react'
import { dataSize, radiusVar, rootProps, sizeVar, splitStyleProps, useRoot, vars, type StyleProps } from './box'
import { cx, rootClass } from './classes'

type Spacing = string | number
export interface BoxProps<E extends HTMLElement = HTMLElement>
  extends StyleProps, Omit<HTMLAttributes<E>, 'color' | 'style'> {
  className?: string
  style?: CSSProperties
  /** Mantine's `mod`: extra data attributes. */
  mod?: Record<string, unknown>
  children?: ReactNode
}

type Polymorphic<P> = P & { component?: ElementType } & Record<string, unknown>

const spacingVar = (value: Spacing | undefined) => sizeVar(value, 'mantine-spacing')

type GroupProps = BoxProps & {
  gap?: Spacing
  align?: CSSProperties['alignItems']
  justify?: CSSProperties['justifyContent']
  wrap?: CSSProperties['flexWrap']
  grow?: boolean
  preventGrowOverflow?: boolean
}

/** Mantine's Group: a flex row. */
export function Group({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  grow,
  preventGrowOverflow = true,
  className,
  mod: extra,
  children,
  ...props
}: Polymorphic<GroupProps>) {
  const items = Children.toArray(children).filter(Boolean)
  const gapVar = spacingVar(gap ?? 'md')
  const childWidth =
    grow && preventGrowOverflow ? `calc(${100 / items.length}% - (${gapVar} - ${gapVar} / ${items.length}))` : undefined
  const { Element, style, rest } = useRoot(props, {
    '--group-child-width': childWidth,
    '--group-gap': gapVar,
    '--group-align': align,
    '--group-justify': justify,
    '--group-wrap': wrap,
  })
  return (
    <Element {...rootProps('Group', className, style, { grow, ...extra })} {...rest}>
      {items}
    </Element>
  )
}

/** Mantine's Stack: a flex column. */
export function Stack({
  gap = 'md',
  align = 'stretch',
  justify = 'flex-start',
  className,
  mod: extra,
  ...props
}: Polymorphic<
  BoxProps & { gap?: Spacing; align?: CSSProperties['alignItems']; justify?: CSSProperties['justifyContent'] }
>) {
  const { Element, style, rest } = useRoot(props, {
    '--stack-gap': spacingVar(gap),
    '--stack-align': align,
    '--stack-justify': justify,
  })
  return <Element {...rootProps('Stack', className, style, extra)} {...rest} />
}

type PaperProps = BoxProps & { withBorder?: boolean; radius?: string | number; shadow?: string }

/** Mantine's Paper: a surface with an optional border, radius and shadow. */
export function Paper({ withBorder, radius, shadow, className, mod: extra, ...props }: Polymorphic<PaperProps>) {
  const { Element, style, rest } = useRoot(props, {
    '--paper-radius': radiusVar(radius),
    '--paper-shadow': shadow ? sizeVar(shadow, 'mantine-shadow', false) : undefined,
  })
  return <Element {...rootProps('Paper', className, style, { 'data-with-border': withBorder, ...extra })} {...rest} />
}

/** Mantine's Card (without Card.Section): a padded Paper. */
export function Card({ padding, className, style, ...props }: Polymorphic<PaperProps & { padding?: Spacing }>) {
  return (
    <Paper
      className={rootClass('Card', className)}
      style={vars({ '--card-padding': spacingVar(padding) }, style)}
      {...props}
    />
  )
}

type Responsive<T> = T | Partial<Record<'base' | 'xs' | 'sm' | 'md' | 'lg' | 'xl', T>>
const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'] as const
const baseOf = <T,>(value: Responsive<T> | undefined): T | undefined =>
  value !== null && typeof value === 'object' ? (value as Record<string, T>).base : value

/** Mantine's SimpleGrid (media queries): equal columns, responsive counts and spacing. */
export function SimpleGrid({
  cols = 1,
  spacing = 'md',
  verticalSpacing,
  className,
  style,
  ...props
}: BoxProps & { cols?: Responsive<number>; spacing?: Responsive<Spacing>; verticalSpacing?: Responsive<Spacing> }) {
  const theme = useMantineTheme()
  const responsive = `__m__-${useId().replace(/[:«»]/g, '')}`
  const vertical = verticalSpacing === undefined ? spacing : verticalSpacing
  const base = vars({
    '--sg-spacing-x': spacingVar(baseOf(spacing)),
    '--sg-spacing-y': spacingVar(baseOf(vertical)),
    '--sg-cols': baseOf(cols)?.toString(),
  })
  const media: { query: string; styles: Record<string, string> }[] = []
  for (const breakpoint of BREAKPOINTS) {
    const styles: Record<string, string> = {}
    const at = <T,>(value: Responsive<T> | undefined) =>
      value !== null && typeof value === 'object' ? (value as Record<string, T>)[breakpoint] : undefined
    const x = at(spacing)
    const y = at(vertical)
    const n = at(cols)
    if (x !== undefined) styles['--sg-spacing-x'] = spacingVar(x)!
    if (y !== undefined) styles['--sg-spacing-y'] = spacingVar(y)!
    if (n !== undefined) styles['--sg-cols'] = String(n)
    if (Object.keys(styles).length) media.push({ query: `(min-width: ${theme.breakpoints[breakpoint]})`, styles })
  }
  const { style: merged, rest } = splitStyleProps(props, theme, style)
  return (
    <>
      <InlineStyles styles={base as Record<string, string>} media={media} selector={`.${responsive}`} />
      <div style={merged} className={rootClass('SimpleGrid', cx(className, responsive))} {...rest} />
    </>
  )
}

/** Mantine's Container: the page's content centred, at most the theme's container size. */
export function Container({
  size,
  fluid,
  className,
  mod: extra,
  ...props
}: Polymorphic<BoxProps & { size?: string | number; fluid?: boolean }>) {
  const { Element, style, rest } = useRoot(props, {
    '--container-size': fluid ? undefined : sizeVar(size, 'container-size'),
  })
  return (
    <Element
      {...rootProps('Container', className, style, { 'data-size': dataSize(size), fluid, strategy: 'block', ...extra })}
      {...rest}
    />
  )
}
