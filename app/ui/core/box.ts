import { rem, STYlE_PROPS_DATA, useMantineTheme, type MantineTheme, type VariantColorsResolver } from '@mantine/core'
import type { CSSProperties, ElementType } from 'react'
import { rootClass, type Rooted } from './classes'

/**
 * What Mantine's Box does to every component's props, written for the server's hot path: style
 * props (`mb="xs"`, `w={220}`, `c="dimmed"`) become the same inline styles Mantine writes, `mod`
 * becomes the same data attributes. Responsive (object) values are not taken: use a class.
 */

type StyleValue = string | number | undefined
export interface StyleProps {
  m?: StyleValue
  mt?: StyleValue
  mb?: StyleValue
  ml?: StyleValue
  mr?: StyleValue
  mx?: StyleValue
  my?: StyleValue
  p?: StyleValue
  pt?: StyleValue
  pb?: StyleValue
  pl?: StyleValue
  pr?: StyleValue
  px?: StyleValue
  py?: StyleValue
  w?: StyleValue
  h?: StyleValue
  miw?: StyleValue
  maw?: StyleValue
  mih?: StyleValue
  mah?: StyleValue
  c?: string
  bg?: string
  fw?: StyleValue
  fz?: StyleValue
  ff?: string
  lh?: StyleValue
  ta?: CSSProperties['textAlign']
  tt?: CSSProperties['textTransform']
  td?: CSSProperties['textDecoration']
  fs?: CSSProperties['fontStyle']
  opacity?: StyleValue
  display?: CSSProperties['display']
  pos?: CSSProperties['position']
  flex?: StyleValue
}

type StylePropType =
  | 'spacing'
  | 'size'
  | 'color'
  | 'textColor'
  | 'fontSize'
  | 'lineHeight'
  | 'fontFamily'
  | 'identity'
  | 'radius'
  | 'border'
const DATA = STYlE_PROPS_DATA as unknown as Record<string, { type: StylePropType; property: string }>
const SIZES = new Set(['xs', 'sm', 'md', 'lg', 'xl'])
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

function spacing(value: string | number): string {
  if (typeof value === 'number') return rem(value)
  const token = value.replace('-', '')
  if (!SIZES.has(token)) return rem(value)
  return value.startsWith('-') ? `calc(var(--mantine-spacing-${token}) * -1)` : `var(--mantine-spacing-${token})`
}

/** Mantine's colour resolvers, without the luminance it computes and these never read. */
export function themeColor(color: string, theme: MantineTheme, text: boolean): string {
  if (color === 'dimmed' || color === 'bright' || color === 'white' || color === 'black')
    return `var(--mantine-color-${color})`
  const [name, shade] = color.split('.')
  if (name in theme.colors) {
    if (shade) return `var(--mantine-color-${name}-${Number(shade)})`
    return text ? `var(--mantine-color-${name}-text)` : `var(--mantine-color-${name}-filled)`
  }
  return color
}

function resolve(type: StylePropType, value: string | number, theme: MantineTheme): string | number {
  switch (type) {
    case 'spacing':
      return spacing(value)
    case 'size':
      return typeof value === 'number' ? rem(value) : value
    case 'color':
      return themeColor(String(value), theme, false)
    case 'textColor':
      return themeColor(String(value), theme, true)
    case 'fontSize':
      if (typeof value === 'string' && SIZES.has(value)) return `var(--mantine-font-size-${value})`
      if (typeof value === 'string' && HEADINGS.has(value)) return `var(--mantine-${value}-font-size)`
      return rem(value)
    case 'lineHeight':
      if (typeof value === 'string' && SIZES.has(value)) return `var(--mantine-line-height-${value})`
      if (typeof value === 'string' && HEADINGS.has(value)) return `var(--mantine-${value}-line-height)`
      return value
    case 'fontFamily':
      return value === 'monospace'
        ? 'var(--mantine-font-family-monospace)'
        : value === 'text'
          ? 'var(--mantine-font-family)'
          : value === 'heading'
            ? 'var(--mantine-font-family-headings)'
            : value
    case 'radius':
      return typeof value === 'number' ? rem(value) : `var(--mantine-radius-${value})`
    default:
      return value
  }
}

/**
 * Splits a component's props into the inline styles of its style props and the rest. `base` comes
 * first (the component's own variables, then the caller's `style`), the style props after, as in Box.
 */
export function splitStyleProps<P extends object>(
  props: P,
  theme: MantineTheme,
  base?: Record<string, unknown> | CSSProperties,
): { style: CSSProperties | undefined; rest: Omit<P, keyof StyleProps> } {
  let style = base as Record<string, unknown> | undefined
  let own = false
  const rest: Record<string, unknown> = {}
  for (const key in props) {
    const value = (props as Record<string, unknown>)[key]
    const data = DATA[key]
    if (!data) {
      rest[key] = value
      continue
    }
    if (value === undefined) continue
    // Never write into the caller's style object.
    const target: Record<string, unknown> = own && style ? style : { ...style }
    own = true
    style = target
    target[data.property] = resolve(data.type, value as string | number, theme)
  }
  return { style: style as CSSProperties | undefined, rest: rest as Omit<P, keyof StyleProps> }
}

/** Component variables, leaving out those Mantine would not write (undefined). */
export function vars(
  entries: Record<string, string | number | undefined>,
  style?: CSSProperties,
): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined
  for (const key in entries) {
    const value = entries[key]
    if (value === undefined) continue
    out ??= {}
    out[key] = value
  }
  if (style) out = { ...out, ...style }
  return out
}

const FOCUS_CLASS_NAMES: Record<string, string> = {
  always: 'mantine-focus-always',
  auto: 'mantine-focus-auto',
  never: 'mantine-focus-never',
}

/** The class Mantine gives focusable elements for the theme's focus ring. */
export const focusClass = (theme: MantineTheme) => theme.focusClassName || FOCUS_CLASS_NAMES[theme.focusRing]

/** Mantine's `mod`: data attributes for true and string values, nothing for false, null, '' or undefined. */
export function mod(entries: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key in entries) {
    const value = entries[key]
    if (value === undefined || value === '' || value === false || value === null) continue
    out[key.startsWith('data-') ? key : `data-${key}`] = value
  }
  return out
}

/** A part's root as Mantine's Box writes it: its style, its root classes (`rootClass`) and its mods. */
export const rootProps = (
  name: Rooted,
  className: string | undefined,
  style: CSSProperties | undefined,
  mods: Record<string, unknown> = {},
) => ({ style, className: rootClass(name, className), ...mod(mods) })

/** `var(--prefix-size)` for a named size, rem for a number: Mantine's getSize. */
export function sizeVar(size: string | number | undefined, prefix: string, toRem = true): string | undefined {
  if (size === undefined) return undefined
  if (typeof size === 'number' || /^-?\d*\.?\d+$/.test(size)) return toRem ? rem(size) : String(size)
  return `var(--${prefix}-${size})`
}

export const radiusVar = (radius: string | number | undefined) =>
  radius === undefined ? undefined : sizeVar(radius, 'mantine-radius')

/** A data-size value: Box writes named sizes only. */
export const dataSize = (size: string | number | undefined) =>
  size === undefined || typeof size === 'number' || /^-?\d*\.?\d+$/.test(size) ? undefined : size || undefined

const variantColors = new WeakMap<MantineTheme, Map<string, ReturnType<VariantColorsResolver>>>()

/** The theme's colours for a variant (Button, Badge, Alert), computed once per theme, colour and variant. */
export function variantColorsOf(
  theme: MantineTheme,
  color: string | undefined,
  variant: string,
): ReturnType<VariantColorsResolver> {
  let cache = variantColors.get(theme)
  if (!cache) variantColors.set(theme, (cache = new Map()))
  const key = `${color ?? ''}|${variant}`
  let colors = cache.get(key)
  if (!colors) {
    colors = theme.variantColorResolver({ color: color || theme.primaryColor, theme, variant })
    cache.set(key, colors)
  }
  return colors
}

type Variables = Record<string, string | number | undefined>

/**
 * A kit component's root, as Mantine's Box makes it: the component's CSS variables (given the theme)
 * over the caller's `style`, the style props folded in, the element (`component`, else `tag`) and the
 * rest of the props to spread on it.
 */
export function useRoot<P extends { component?: ElementType; style?: CSSProperties }>(
  { component, style, ...props }: P,
  variables: Variables | ((theme: MantineTheme) => Variables),
  tag: ElementType = 'div',
) {
  const theme = useMantineTheme()
  const base = vars(typeof variables === 'function' ? variables(theme) : variables, style)
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  return { theme, Element: component ?? tag, style: merged, rest }
}

/** A coloured component's colours for its variant (`fallback` when none is given), and whether the caller chose any. */
export function colorsOf(
  theme: MantineTheme,
  color: string | undefined,
  variant: string | undefined,
  fallback: string,
) {
  return { ...variantColorsOf(theme, color, variant || fallback), coloured: Boolean(color || variant) }
}
