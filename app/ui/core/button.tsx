import { Alert as MAlert, Badge as MBadge, Button as MButton, Loader as MLoader, rem, UnstyledButton as MUnstyledButton, useMantineTheme } from '@mantine/core'
import { useId } from '@mantine/hooks'
import type { ElementType, MouseEventHandler, ReactNode } from 'react'
import { cx, focusClass, dataSize, mod, radiusVar, sizeVar, splitStyleProps, themeColor, variantColorsOf, vars } from './box'
import type { BoxProps } from './layout'

type Polymorphic<P> = P & { component?: ElementType } & Record<string, unknown>
type Variant = 'filled' | 'light' | 'outline' | 'subtle' | 'default' | 'transparent' | 'white'

const BUTTON = MButton.classes
const LOADER_STYLE = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
} as const

/** `onClick` serves a button and a link (`component={Link}`, `component="a"`) alike. */
export interface ButtonProps extends Omit<BoxProps<HTMLButtonElement>, 'onClick'> {
  onClick?: MouseEventHandler<HTMLButtonElement & HTMLAnchorElement>
  size?: string
  variant?: Variant
  color?: string
  radius?: string | number
  loading?: boolean
  disabled?: boolean
  fullWidth?: boolean
  justify?: string
  leftSection?: ReactNode
  rightSection?: ReactNode
  type?: 'button' | 'submit' | 'reset'
  name?: string
  value?: string
  form?: string
}

/**
 * Mantine's Button, same markup; `loading` shows the loader at once (Mantine fades it in on the
 * client, which the server render never shows anyway).
 */
export function Button({
  size,
  variant,
  color,
  radius,
  loading,
  disabled,
  fullWidth,
  justify,
  leftSection,
  rightSection,
  component,
  className,
  style,
  mod: extra,
  children,
  ...props
}: Polymorphic<ButtonProps>) {
  const theme = useMantineTheme()
  const colors = variantColorsOf(theme, color, variant || 'filled')
  const coloured = Boolean(color || variant)
  const base = vars(
    {
      '--button-justify': justify,
      '--button-height': sizeVar(size, 'button-height'),
      '--button-padding-x': sizeVar(size, 'button-padding-x'),
      '--button-fz': size?.includes('compact') ? sizeVar(size.replace('compact-', ''), 'mantine-font-size') : sizeVar(size, 'mantine-font-size'),
      '--button-radius': radiusVar(radius),
      '--button-bg': coloured ? colors.background : undefined,
      '--button-hover': coloured ? colors.hover : undefined,
      '--button-color': colors.color,
      '--button-bd': coloured ? colors.border : undefined,
      '--button-hover-color': coloured ? colors.hoverColor : undefined,
    },
    style
  )
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  const Element = component ?? 'button'
  const active = !disabled && !loading && !rest['data-disabled']
  return (
    <Element
      style={merged}
      className={cx(focusClass(theme), active && theme.activeClassName, className, BUTTON.root, 'mantine-Button-root', MUnstyledButton.classes.root, 'mantine-UnstyledButton-root')}
      data-variant={variant}
      data-size={dataSize(size)}
      {...mod({ disabled: disabled || rest['data-disabled'], loading, block: fullWidth, 'with-left-section': !!leftSection, 'with-right-section': !!rightSection, ...extra })}
      type={Element === 'button' ? 'button' : undefined}
      disabled={disabled || loading}
      {...rest}
    >
      {loading ? (
        <span style={LOADER_STYLE} className={cx(BUTTON.loader, 'mantine-Button-loader')} aria-hidden>
          <span
            style={{ ['--loader-size' as string]: 'calc(var(--button-height) / 1.8)', ['--loader-color' as string]: 'var(--button-color)' }}
            className={cx(MLoader.classes.ovalLoader, MLoader.classes.root, 'mantine-Loader-root')}
          />
        </span>
      ) : null}
      <span className={cx(BUTTON.inner, 'mantine-Button-inner')}>
        {leftSection ? (
          <span className={cx(BUTTON.section, 'mantine-Button-section')} data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className={cx(BUTTON.label, 'mantine-Button-label')} data-loading={loading || undefined}>
          {children}
        </span>
        {rightSection ? (
          <span className={cx(BUTTON.section, 'mantine-Button-section')} data-position="right">
            {rightSection}
          </span>
        ) : null}
      </span>
    </Element>
  )
}

/** Mantine's Badge. */
export function Badge({
  size,
  variant,
  color,
  radius,
  circle,
  fullWidth,
  leftSection,
  rightSection,
  component,
  className,
  style,
  mod: extra,
  children,
  ...props
}: Polymorphic<
  BoxProps & {
    size?: string
    variant?: Variant | 'dot'
    color?: string
    radius?: string | number
    circle?: boolean
    fullWidth?: boolean
    leftSection?: ReactNode
    rightSection?: ReactNode
  }
>) {
  const theme = useMantineTheme()
  const colors = variantColorsOf(theme, color, variant || 'filled')
  const coloured = Boolean(color || variant)
  const base = vars(
    {
      '--badge-height': sizeVar(size, 'badge-height'),
      '--badge-padding-x': sizeVar(size, 'badge-padding-x'),
      '--badge-fz': sizeVar(size, 'badge-fz'),
      '--badge-radius': circle || radius === undefined ? undefined : radiusVar(radius),
      '--badge-bg': coloured ? colors.background : undefined,
      '--badge-color': coloured ? colors.color : undefined,
      '--badge-bd': coloured ? colors.border : undefined,
      '--badge-dot-color': variant === 'dot' && color ? themeColor(color, theme, false) : undefined,
    },
    style
  )
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  const Element = component ?? 'div'
  return (
    <Element
      style={merged}
      className={cx(className, MBadge.classes.root, 'mantine-Badge-root')}
      data-variant={variant}
      data-size={dataSize(size)}
      {...mod({ block: fullWidth, circle, 'with-right-section': !!rightSection, 'with-left-section': !!leftSection, ...extra })}
      {...rest}
    >
      {leftSection ? (
        <span className={cx(MBadge.classes.section, 'mantine-Badge-section')} data-position="left">
          {leftSection}
        </span>
      ) : null}
      <span className={cx(MBadge.classes.label, 'mantine-Badge-label')}>{children}</span>
      {rightSection ? (
        <span className={cx(MBadge.classes.section, 'mantine-Badge-section')} data-position="right">
          {rightSection}
        </span>
      ) : null}
    </Element>
  )
}

const ALERT = MAlert.classes

/** Mantine's Alert, without a close button (a page's messages stay until the next answer). */
export function Alert({
  variant,
  color,
  radius,
  title,
  icon,
  id,
  role,
  className,
  style,
  mod: extra,
  children,
  ...props
}: BoxProps & { variant?: Variant; color?: string; radius?: string | number; title?: ReactNode; icon?: ReactNode; id?: string; role?: string }) {
  const theme = useMantineTheme()
  const colors = variantColorsOf(theme, color, variant || 'light')
  const coloured = Boolean(color || variant)
  const base = vars(
    {
      '--alert-radius': radiusVar(radius),
      '--alert-bg': coloured ? colors.background : undefined,
      '--alert-color': colors.color,
      '--alert-bd': coloured ? colors.border : undefined,
    },
    style
  )
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  const rootId = useId(id)
  const titleId = title ? `${rootId}-title` : undefined
  const bodyId = `${rootId}-body`
  return (
    <div
      style={merged}
      className={cx(className, ALERT.root, 'mantine-Alert-root')}
      data-variant={variant}
      id={rootId}
      role={role || 'alert'}
      {...(extra ? mod(extra) : null)}
      {...rest}
      aria-describedby={children ? bodyId : undefined}
      aria-labelledby={titleId}
    >
      <div className={cx(ALERT.wrapper, 'mantine-Alert-wrapper')}>
        {icon ? <div className={cx(ALERT.icon, 'mantine-Alert-icon')}>{icon}</div> : null}
        <div className={cx(ALERT.body, 'mantine-Alert-body')}>
          {title ? (
            <div className={cx(ALERT.title, 'mantine-Alert-title')}>
              <span id={titleId} className={cx(ALERT.label, 'mantine-Alert-label')}>
                {title}
              </span>
            </div>
          ) : null}
          {children ? (
            <div id={bodyId} className={cx(ALERT.message, 'mantine-Alert-message')} data-variant={variant}>
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}
