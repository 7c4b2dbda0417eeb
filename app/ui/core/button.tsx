import { rem, useMantineTheme, type MantineTheme } from '@mantine/core'
import { useId } from './use-id'
import type { CSSProperties, ElementType, MouseEventHandler, ReactNode } from 'react'
import { colorsOf, focusClass, dataSize, mod, radiusVar, rootProps, sizeVar, themeColor, useRoot } from './box'
import type { BoxProps } from './layout'
import { CLASSES, cx, partClass, rootClass } from './classes'

type Polymorphic<P> = P & { component?: ElementType } & Record<string, unknown>
type Variant = 'filled' | 'light' | 'outline' | 'subtle' | 'default' | 'transparent' | 'white'

const LOADER_STYLE = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
} as const

/** A button's root classes: the focus ring, the pressed look while it can be pressed, its own root over Mantine's UnstyledButton. */
const buttonClasses = (
  theme: MantineTheme,
  active: boolean,
  className: string | undefined,
  name: 'Button' | 'ActionIcon',
) => cx(focusClass(theme), active && theme.activeClassName, rootClass(name, className), rootClass('UnstyledButton'))

/** A button's or a badge's label between its left and right sections, each drawn as Mantine does when it is given. */
function Sections({
  name,
  left,
  right,
  children,
}: {
  name: 'Button' | 'Badge'
  left: ReactNode
  right: ReactNode
  children: ReactNode
}) {
  const section = (content: ReactNode, position: 'left' | 'right') =>
    content ? (
      <span className={partClass(name, 'section')} data-position={position}>
        {content}
      </span>
    ) : null
  return (
    <>
      {section(left, 'left')}
      {children}
      {section(right, 'right')}
    </>
  )
}

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
  className,
  mod: extra,
  children,
  ...props
}: Polymorphic<ButtonProps>) {
  const { theme, Element, style, rest } = useRoot(
    props,
    (theme) => {
      const colors = colorsOf(theme, color, variant, 'filled')
      return {
        '--button-justify': justify,
        '--button-height': sizeVar(size, 'button-height'),
        '--button-padding-x': sizeVar(size, 'button-padding-x'),
        '--button-fz': size?.includes('compact')
          ? sizeVar(size.replace('compact-', ''), 'mantine-font-size')
          : sizeVar(size, 'mantine-font-size'),
        '--button-radius': radiusVar(radius),
        '--button-bg': colors.coloured ? colors.background : undefined,
        '--button-hover': colors.coloured ? colors.hover : undefined,
        '--button-color': colors.color,
        '--button-bd': colors.coloured ? colors.border : undefined,
        '--button-hover-color': colors.coloured ? colors.hoverColor : undefined,
      }
    },
    'button',
  )
  const active = !disabled && !loading && !rest['data-disabled']
  return (
    <Element
      style={style}
      className={buttonClasses(theme, active, className, 'Button')}
      data-variant={variant}
      data-size={dataSize(size)}
      {...mod({
        disabled: disabled || rest['data-disabled'],
        loading,
        block: fullWidth,
        'with-left-section': !!leftSection,
        'with-right-section': !!rightSection,
        ...extra,
      })}
      type={Element === 'button' ? 'button' : undefined}
      disabled={disabled || loading}
      {...rest}
    >
      {loading ? (
        <span style={LOADER_STYLE} className={partClass('Button', 'loader')} aria-hidden>
          <span
            style={{
              ['--loader-size' as string]: 'calc(var(--button-height) / 1.8)',
              ['--loader-color' as string]: 'var(--button-color)',
            }}
            className={cx(CLASSES.Loader.ovalLoader, rootClass('Loader'))}
          />
        </span>
      ) : null}
      <span className={partClass('Button', 'inner')}>
        <Sections name="Button" left={leftSection} right={rightSection}>
          <span className={partClass('Button', 'label')} data-loading={loading || undefined}>
            {children}
          </span>
        </Sections>
      </span>
    </Element>
  )
}

/** Mantine's ActionIcon (an icon button; no loading state). */
export function ActionIcon({
  size,
  variant,
  color,
  radius,
  disabled,
  className,
  mod: extra,
  children,
  ...props
}: Polymorphic<Omit<ButtonProps, 'loading' | 'fullWidth' | 'justify' | 'leftSection' | 'rightSection'>>) {
  const { theme, Element, style, rest } = useRoot(
    props,
    (theme) => {
      const colors = colorsOf(theme, color, variant, 'filled')
      return {
        '--ai-size': sizeVar(size, 'ai-size'),
        '--ai-radius': radiusVar(radius),
        '--ai-bg': colors.coloured ? colors.background : undefined,
        '--ai-hover': colors.coloured ? colors.hover : undefined,
        '--ai-hover-color': colors.coloured ? colors.hoverColor : undefined,
        '--ai-color': colors.color,
        '--ai-bd': colors.coloured ? colors.border : undefined,
      }
    },
    'button',
  )
  const active = !disabled && !rest['data-disabled']
  return (
    <Element
      style={style}
      className={buttonClasses(theme, active, className, 'ActionIcon')}
      data-variant={variant}
      data-size={dataSize(size)}
      {...mod({ disabled: disabled || rest['data-disabled'], ...extra })}
      type={Element === 'button' ? 'button' : undefined}
      disabled={disabled}
      {...rest}
    >
      <span className={partClass('ActionIcon', 'icon')}>{children}</span>
    </Element>
  )
}

type BadgeProps = BoxProps & {
  size?: string
  variant?: Variant | 'dot'
  color?: string
  radius?: string | number
  circle?: boolean
  fullWidth?: boolean
  leftSection?: ReactNode
  rightSection?: ReactNode
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
  className,
  mod: extra,
  children,
  ...props
}: Polymorphic<BadgeProps>) {
  const { Element, style, rest } = useRoot(props, (theme) => {
    const colors = colorsOf(theme, color, variant, 'filled')
    return {
      '--badge-height': sizeVar(size, 'badge-height'),
      '--badge-padding-x': sizeVar(size, 'badge-padding-x'),
      '--badge-fz': sizeVar(size, 'badge-fz'),
      '--badge-radius': circle || radius === undefined ? undefined : radiusVar(radius),
      '--badge-bg': colors.coloured ? colors.background : undefined,
      '--badge-color': colors.coloured ? colors.color : undefined,
      '--badge-bd': colors.coloured ? colors.border : undefined,
      '--badge-dot-color': variant === 'dot' && color ? themeColor(color, theme, false) : undefined,
    }
  })
  return (
    <Element
      data-variant={variant}
      data-size={dataSize(size)}
      {...rootProps('Badge', className, style, {
        block: fullWidth,
        circle,
        'with-right-section': !!rightSection,
        'with-left-section': !!leftSection,
        ...extra,
      })}
      {...rest}
    >
      <Sections name="Badge" left={leftSection} right={rightSection}>
        <span className={partClass('Badge', 'label')}>{children}</span>
      </Sections>
    </Element>
  )
}

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
  mod: extra,
  children,
  ...props
}: BoxProps & {
  variant?: Variant
  color?: string
  radius?: string | number
  title?: ReactNode
  icon?: ReactNode
  id?: string
  role?: string
}) {
  const { style, rest } = useRoot(props, (theme) => {
    const colors = colorsOf(theme, color, variant, 'light')
    return {
      '--alert-radius': radiusVar(radius),
      '--alert-bg': colors.coloured ? colors.background : undefined,
      '--alert-color': colors.color,
      '--alert-bd': colors.coloured ? colors.border : undefined,
    }
  })
  const rootId = useId(id)
  const titleId = title ? `${rootId}-title` : undefined
  const bodyId = `${rootId}-body`
  return (
    <div
      data-variant={variant}
      id={rootId}
      role={role || 'alert'}
      {...rootProps('Alert', className, style, extra)}
      {...rest}
      aria-describedby={children ? bodyId : undefined}
      aria-labelledby={titleId}
    >
      <div className={partClass('Alert', 'wrapper')}>
        {icon ? <div className={partClass('Alert', 'icon')}>{icon}</div> : null}
        <div className={partClass('Alert', 'body')}>
          {title ? (
            <div className={partClass('Alert', 'title')}>
              <span id={titleId} className={partClass('Alert', 'label')}>
                {title}
              </span>
            </div>
          ) : null}
          {children ? (
            <div id={bodyId} className={partClass('Alert', 'message')} data-variant={variant}>
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

const CLOSE_ICON = (
  <svg
    viewBox="0 0 15 15"
    fill="none"
    xmlns="http://www.w3.org/2000/svg"
    style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}
  >
    <path
      d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
)

/** Mantine's CloseButton (subtle, its X icon); `component` makes it a link, as in a dialog closed by its URL. */
export function CloseButton({
  component: Element = 'button',
  size,
  className,
  ...rest
}: Polymorphic<{ size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'; className?: string }>) {
  const theme = useMantineTheme()
  const Tag = Element as ElementType
  return (
    <Tag
      style={size ? ({ '--cb-size': `var(--cb-size-${size})` } as CSSProperties) : undefined}
      className={cx(
        focusClass(theme),
        theme.activeClassName,
        CLASSES.CloseButton['root--subtle'],
        rootClass('CloseButton'),
        rootClass('UnstyledButton'),
        className,
      )}
      data-variant="subtle"
      data-size={size}
      type={Element === 'button' ? 'button' : undefined}
      {...rest}
    >
      {CLOSE_ICON}
    </Tag>
  )
}

/** Mantine's Loader (the oval); a number size is in px, as Mantine's. */
export function Loader({ size, className, ...rest }: { size?: number; className?: string } & Record<string, unknown>) {
  return (
    <span
      style={size !== undefined ? ({ '--loader-size': rem(size) } as CSSProperties) : undefined}
      className={cx(CLASSES.Loader.ovalLoader, rootClass('Loader'), className)}
      {...rest}
    />
  )
}

/** Mantine's Notification (the snackbars): a coloured bar, an optional loader and title, a close button. */
export function Notification({
  color,
  loading,
  withCloseButton = true,
  closeButtonProps,
  onClose,
  withBorder,
  title,
  children,
  className,
  ...rest
}: {
  color?: string
  loading?: boolean
  withCloseButton?: boolean
  closeButtonProps?: Record<string, unknown>
  onClose?: () => void
  withBorder?: boolean
  title?: ReactNode
  children?: ReactNode
  className?: string
} & Record<string, unknown>) {
  const theme = useMantineTheme()
  const colorValue = color ? themeColor(color, theme, false) : undefined
  return (
    <div
      style={colorValue ? ({ '--notification-color': colorValue } as CSSProperties) : undefined}
      className={cx(rootClass('Notification'), className)}
      {...mod({ 'with-icon': loading, 'with-border': withBorder })}
      role="alert"
      {...rest}
    >
      {loading ? (
        <span
          style={{ '--loader-size': rem(28), '--loader-color': colorValue } as CSSProperties}
          className={cx(CLASSES.Loader.ovalLoader, partClass('Notification', 'loader'), rootClass('Loader'))}
        />
      ) : null}
      <div className={partClass('Notification', 'body')}>
        {title ? <div className={partClass('Notification', 'title')}>{title}</div> : null}
        <div className={partClass('Notification', 'description')} {...mod({ 'with-title': !!title })}>
          {children}
        </div>
      </div>
      {withCloseButton ? (
        <button
          style={{ '--cb-icon-size': rem(16) } as CSSProperties}
          className={cx(
            focusClass(theme),
            theme.activeClassName,
            CLASSES.CloseButton['root--subtle'],
            partClass('Notification', 'closeButton'),
            rootClass('CloseButton'),
            rootClass('UnstyledButton'),
          )}
          data-variant="subtle"
          type="button"
          color="gray"
          {...closeButtonProps}
          onClick={onClose}
        >
          {CLOSE_ICON}
        </button>
      ) : null}
    </div>
  )
}
