import { useMantineTheme } from '@mantine/core'
import type { CSSProperties, ElementType, ReactNode } from 'react'
import { dataSize, focusClass, mod, sizeVar, themeColor, vars } from './box'
import { cx, partClass, rootClass } from './classes'
import { Group } from './layout'

type Control = 'first' | 'previous' | 'next' | 'last'
type ControlProps = { component?: ElementType } & Record<string, unknown>

const ICON_STYLE: CSSProperties = {
  width: 'calc(var(--pagination-control-size) / 1.8)',
  height: 'calc(var(--pagination-control-size) / 1.8)',
}
const PATHS = {
  next: 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z',
  previous: 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z',
  first:
    'M6.85355 3.85355C7.04882 3.65829 7.04882 3.34171 6.85355 3.14645C6.65829 2.95118 6.34171 2.95118 6.14645 3.14645L2.14645 7.14645C1.95118 7.34171 1.95118 7.65829 2.14645 7.85355L6.14645 11.8536C6.34171 12.0488 6.65829 12.0488 6.85355 11.8536C7.04882 11.6583 7.04882 11.3417 6.85355 11.1464L3.20711 7.5L6.85355 3.85355ZM12.8536 3.85355C13.0488 3.65829 13.0488 3.34171 12.8536 3.14645C12.6583 2.95118 12.3417 2.95118 12.1464 3.14645L8.14645 7.14645C7.95118 7.34171 7.95118 7.65829 8.14645 7.85355L12.1464 11.8536C12.3417 12.0488 12.6583 12.0488 12.8536 11.8536C13.0488 11.6583 13.0488 11.3417 12.8536 11.1464L9.20711 7.5L12.8536 3.85355Z',
  last: 'M2.14645 11.1464C1.95118 11.3417 1.95118 11.6583 2.14645 11.8536C2.34171 12.0488 2.65829 12.0488 2.85355 11.8536L6.85355 7.85355C7.04882 7.65829 7.04882 7.34171 6.85355 7.14645L2.85355 3.14645C2.65829 2.95118 2.34171 2.95118 2.14645 3.14645C1.95118 3.34171 1.95118 3.65829 2.14645 3.85355L5.79289 7.5L2.14645 11.1464ZM8.14645 11.1464C7.95118 11.3417 7.95118 11.6583 8.14645 11.8536C8.34171 12.0488 8.65829 12.0488 8.85355 11.8536L12.8536 7.85355C13.0488 7.65829 13.0488 7.34171 12.8536 7.14645L8.85355 3.14645C8.65829 2.95118 8.34171 2.95118 8.14645 3.14645C7.95118 3.34171 7.95118 3.65829 8.14645 3.85355L11.7929 7.5L8.14645 11.1464Z',
  dots: 'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
}

const range = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, index) => index + start)

/** The pages and gaps Mantine's usePagination shows (`dots` for a gap). */
export function pageRange(total: number, active: number, siblings = 1, boundaries = 1): (number | 'dots')[] {
  if (siblings * 2 + 3 + boundaries * 2 >= total) return range(1, total)
  const left = Math.max(active - siblings, boundaries)
  const right = Math.min(active + siblings, total - boundaries)
  const leftDots = left > boundaries + 2
  const rightDots = right < total - (boundaries + 1)
  if (!leftDots && rightDots)
    return [...range(1, siblings * 2 + boundaries + 2), 'dots', ...range(total - (boundaries - 1), total)]
  if (leftDots && !rightDots)
    return [...range(1, boundaries), 'dots', ...range(total - (boundaries + 1 + 2 * siblings), total)]
  return [...range(1, boundaries), 'dots', ...range(left, right), 'dots', ...range(total - boundaries + 1, total)]
}

function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" style={ICON_STYLE} className={className}>
      <path d={path} fill="currentColor" />
    </svg>
  )
}

/**
 * Mantine's Pagination, same markup, for pages that are links: each control's props (a `component`
 * such as Remix's Link, its `to`, an `aria-label`) come from `getItemProps` and `getControlProps`.
 */
export function Pagination({
  total,
  value,
  size,
  color,
  radius,
  gap = 8,
  withControls = true,
  withEdges,
  getItemProps,
  getControlProps,
  className,
  style,
  ...others
}: {
  total: number
  value: number
  size?: string
  color?: string
  radius?: string | number
  gap?: number | string
  withControls?: boolean
  withEdges?: boolean
  getItemProps?: (page: number) => ControlProps
  getControlProps?: (control: Control) => ControlProps
  className?: string
  style?: CSSProperties
  'aria-label'?: string
}) {
  const theme = useMantineTheme()
  if (total <= 0) return null
  const controlClass = (disabled: boolean) =>
    cx(
      focusClass(theme),
      !disabled && theme.activeClassName,
      partClass('Pagination', 'control'),
      rootClass('UnstyledButton'),
    )
  const control = (
    key: string | number,
    props: ControlProps | undefined,
    {
      active,
      disabled,
      withPadding,
      children,
    }: { active?: boolean; disabled: boolean; withPadding: boolean; children: ReactNode },
  ) => {
    const { component, ...rest } = props ?? {}
    const Element = component ?? 'button'
    return (
      <Element
        key={key}
        className={controlClass(disabled)}
        type={Element === 'button' ? 'button' : undefined}
        disabled={disabled}
        {...mod({ active, disabled, 'with-padding': withPadding })}
        aria-current={active ? 'page' : undefined}
        {...rest}
      >
        {children}
      </Element>
    )
  }
  const edge = (name: Control) =>
    control(name, getControlProps?.(name), {
      disabled: name === 'next' || name === 'last' ? value === total : value === 1,
      withPadding: false,
      children: <Icon path={PATHS[name]} className="mantine-rotate-rtl" />,
    })
  return (
    <div
      style={vars(
        {
          '--pagination-control-size': sizeVar(size, 'pagination-control-size'),
          '--pagination-control-fz': sizeVar(size, 'mantine-font-size'),
          '--pagination-control-radius': radius === undefined ? undefined : sizeVar(radius, 'mantine-radius'),
          '--pagination-active-bg': color ? themeColor(color, theme, false) : undefined,
        },
        style,
      )}
      className={rootClass('Pagination', className)}
      data-size={dataSize(size)}
      {...others}
    >
      <Group gap={gap}>
        {withEdges ? edge('first') : null}
        {withControls ? edge('previous') : null}
        {pageRange(total, value).map((page, index) =>
          page === 'dots' ? (
            <div key={index} className={partClass('Pagination', 'dots')}>
              <Icon path={PATHS.dots} />
            </div>
          ) : (
            control(index, getItemProps?.(page), {
              active: page === value,
              disabled: false,
              withPadding: true,
              children: (getItemProps?.(page)?.children as ReactNode) ?? page,
            })
          ),
        )}
        {withControls ? edge('next') : null}
        {withEdges ? edge('last') : null}
      </Group>
    </div>
  )
}
