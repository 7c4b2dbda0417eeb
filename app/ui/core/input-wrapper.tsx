import { rem, useMantineTheme } from '@mantine/core'
import { useId } from './use-id'
import type { CSSProperties, ReactNode } from 'react'
import { dataSize, mod, sizeVar, splitStyleProps, vars, type StyleProps } from './box'
import { CLASSES, cx } from './classes'

const WRAPPER = CLASSES.Input

export type InputWrapperProps = StyleProps & {
  label?: ReactNode
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  withAsterisk?: boolean
  /** The control's id: the label points at it, the error and description are named after it. */
  id?: string
  size?: string
  /** The label's own props (style props too: `{ fz: 'md', fw: 700, mb: 'xs' }`). */
  labelProps?: StyleProps & { style?: CSSProperties; className?: string }
  className?: string
  style?: CSSProperties
  children?: ReactNode
}

/**
 * Mantine's Input.Wrapper: a label, description and error around a control the page draws itself (a
 * group of checkboxes, a colour input), in Mantine's markup.
 */
export function InputWrapper({
  label,
  description,
  error,
  required,
  withAsterisk,
  id,
  size,
  labelProps = {},
  className,
  style,
  children,
  ...others
}: InputWrapperProps) {
  const theme = useMantineTheme()
  const { style: rootStyle, rest } = splitStyleProps(others, theme, style)
  const inputId = useId(id)
  const asterisk = typeof withAsterisk === 'boolean' ? withAsterisk : required
  const hasError = Boolean(error) && typeof error !== 'boolean'
  const fontSize = sizeVar(size, 'mantine-font-size')
  const { style: labelStyle, className: labelClass, ...labelStyleProps } = labelProps
  const { style: labelMerged, rest: labelRest } = splitStyleProps(
    labelStyleProps,
    theme,
    vars({ '--input-label-size': fontSize }, labelStyle),
  )
  return (
    <div
      style={rootStyle}
      className={cx(className, WRAPPER.root, 'mantine-InputWrapper-root')}
      data-size={dataSize(size)}
      {...mod({ error: Boolean(error) })}
      {...rest}
    >
      {label ? (
        <label
          style={labelMerged}
          className={cx(labelClass, WRAPPER.label, 'mantine-InputWrapper-label')}
          data-size={dataSize(size)}
          {...mod({ required: asterisk })}
          htmlFor={inputId}
          id={`${inputId}-label`}
          {...labelRest}
        >
          {label}
          {asterisk ? (
            <span className={cx(WRAPPER.required, 'mantine-InputWrapper-required')} aria-hidden>
              {' *'}
            </span>
          ) : null}
        </label>
      ) : null}
      {description ? (
        <WrapperText part="description" size={size} id={`${inputId}-description`}>
          {description}
        </WrapperText>
      ) : null}
      {children}
      {hasError ? (
        <WrapperText part="error" size={size} id={`${inputId}-error`}>
          {error}
        </WrapperText>
      ) : null}
    </div>
  )
}

/**
 * An input's description or error line (Mantine's InputWrapper part), in a font size below the label's;
 * `selector` adds the control's own class (`mantine-TextInput-error`), `props` the caller's.
 */
export function WrapperText({
  part,
  size,
  id,
  selector,
  props,
  children,
}: {
  part: 'description' | 'error'
  size?: string
  id: string
  selector?: string
  props?: Record<string, unknown>
  children: ReactNode
}) {
  const small = size === undefined ? undefined : `calc(${sizeVar(size, 'mantine-font-size')} - ${rem(2)})`
  return (
    <p
      style={vars({ [`--input-${part}-size`]: small })}
      className={cx(WRAPPER[part], `mantine-InputWrapper-${part}`, selector && `mantine-${selector}-${part}`)}
      data-size={dataSize(size)}
      {...props}
      id={id}
    >
      {children}
    </p>
  )
}
