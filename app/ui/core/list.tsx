import { useMantineTheme } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { dataSize, rootProps, sizeVar, splitStyleProps, vars, type StyleProps } from './box'
import { cx, partClass } from './classes'

export type ListProps = StyleProps & {
  type?: 'ordered' | 'unordered'
  size?: string
  spacing?: string | number
  withPadding?: boolean
  listStyleType?: CSSProperties['listStyleType']
  className?: string
  style?: CSSProperties
  children?: ReactNode
} & Record<`aria-${string}`, string | undefined>

/** Mantine's List (no icons): a plain ul or ol in Mantine's markup. */
export function List({
  type = 'unordered',
  size,
  spacing,
  withPadding,
  listStyleType,
  className,
  style,
  children,
  ...others
}: ListProps) {
  const theme = useMantineTheme()
  const base = vars(
    {
      '--list-fz': sizeVar(size, 'mantine-font-size'),
      '--list-lh': sizeVar(size, 'mantine-line-height', false),
      '--list-spacing': spacing === undefined ? undefined : sizeVar(spacing, 'mantine-spacing'),
    },
    { ...(listStyleType ? { listStyleType } : {}), ...style },
  )
  const { style: merged, rest } = splitStyleProps(others, theme, base)
  const Tag = type === 'unordered' ? 'ul' : 'ol'
  return (
    <Tag
      data-size={dataSize(size)}
      {...rootProps('List', className, merged, { 'with-padding': withPadding, type: listStyleType })}
      {...rest}
    >
      {children}
    </Tag>
  )
}

/** One item of a List. */
export function ListItem({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <li className={cx(className, partClass('List', 'item'))}>
      <div className={partClass('List', 'itemWrapper')}>
        <span className="mantine-List-itemLabel">{children}</span>
      </div>
    </li>
  )
}
