import { rem, useMantineTheme } from '@mantine/core'
import { useId } from './use-id'
import {
  forwardRef,
  useCallback,
  useEffect,
  useRef,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import {
  focusClass,
  dataSize,
  mod,
  radiusVar,
  sizeVar,
  splitStyleProps,
  themeColor,
  vars,
  type StyleProps,
} from './box'
import { CLASSES, cx, partClass } from './classes'
import { WrapperText } from './input-wrapper'
import { CHECK_ICON, CHEVRON_ICON, UseIcon } from './icons'

const WRAPPER = CLASSES.Input

/** Label, description and error around an input: Mantine's Input.Wrapper. */
export interface WrapperProps {
  label?: ReactNode
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  withAsterisk?: boolean
  labelProps?: Record<string, unknown>
  descriptionProps?: Record<string, unknown>
  errorProps?: Record<string, unknown>
  wrapperProps?: Record<string, unknown>
  size?: string
  radius?: string | number
  variant?: string
  leftSection?: ReactNode
  rightSection?: ReactNode
  leftSectionWidth?: number
  rightSectionWidth?: number
  inputWrapperOrder?: ('label' | 'description' | 'input' | 'error')[]
  className?: string
  style?: CSSProperties
}

const ORDER: NonNullable<WrapperProps['inputWrapperOrder']> = ['label', 'description', 'input', 'error']

interface FieldParts {
  selector: string
  pointer?: boolean
  multiline?: boolean
  rightSectionPointerEvents?: CSSProperties['pointerEvents']
  leftSectionPointerEvents?: CSSProperties['pointerEvents']
}

/**
 * The wrapper, label, description, input wrapper and error of a Mantine text input, with the
 * control given by `render` (an input or a select), in Mantine's markup.
 */
function useField(
  props: WrapperProps & StyleProps & { id?: string; disabled?: boolean },
  parts: FieldParts,
  render: (control: Record<string, unknown>) => ReactNode,
) {
  const theme = useMantineTheme()
  const {
    label,
    description,
    error,
    required,
    withAsterisk,
    labelProps,
    descriptionProps,
    errorProps,
    wrapperProps,
    size = 'sm',
    radius,
    variant = 'default',
    leftSection,
    rightSection,
    leftSectionWidth,
    rightSectionWidth,
    inputWrapperOrder = ORDER,
    className,
    style,
    id,
    disabled,
    ...others
  } = props
  const { style: rootStyle, rest } = splitStyleProps(others, theme, style)
  const inputId = useId(id)
  const errorId = (errorProps?.id as string | undefined) || `${inputId}-error`
  const descriptionId = (descriptionProps?.id as string | undefined) || `${inputId}-description`
  const labelId = (labelProps?.id as string | undefined) || `${inputId}-label`
  const hasError = Boolean(error) && typeof error !== 'boolean'
  const describedBy = `${hasError ? errorId : ''} ${description ? descriptionId : ''}`.trim() || undefined
  const inputAt = inputWrapperOrder.indexOf('input')
  const above = inputWrapperOrder.slice(0, inputAt)
  const below = inputWrapperOrder.slice(inputAt + 1)
  const offsetTop = (Boolean(description) && above.includes('description')) || (hasError && above.includes('error'))
  const offsetBottom = (Boolean(description) && below.includes('description')) || (hasError && below.includes('error'))
  const asterisk = typeof withAsterisk === 'boolean' ? withAsterisk : required
  const { selector } = parts
  const fontSize = sizeVar(size, 'mantine-font-size')

  const content = inputWrapperOrder.map((part) => {
    switch (part) {
      case 'label':
        return label ? (
          <label
            key="label"
            data-size={dataSize(size)}
            {...mod({ required: asterisk })}
            htmlFor={inputId}
            id={labelId}
            {...labelProps}
            style={{ ['--input-label-size' as string]: fontSize, ...(labelProps?.style as CSSProperties | undefined) }}
            className={cx(
              WRAPPER.label,
              'mantine-InputWrapper-label',
              `mantine-${selector}-label`,
              labelProps?.className as string | undefined,
            )}
          >
            {label}
            {asterisk ? (
              <span
                className={cx(WRAPPER.required, 'mantine-InputWrapper-required', `mantine-${selector}-required`)}
                aria-hidden
              >
                {' *'}
              </span>
            ) : null}
          </label>
        ) : null
      case 'description':
        return description ? (
          <WrapperText
            key="description"
            part="description"
            size={size}
            id={descriptionId}
            selector={selector}
            props={descriptionProps}
          >
            {description}
          </WrapperText>
        ) : null
      case 'error':
        return hasError ? (
          <WrapperText key="error" part="error" size={size} id={errorId} selector={selector} props={errorProps}>
            {error}
          </WrapperText>
        ) : null
      default:
        return (
          <div
            key="input"
            style={vars({
              '--input-margin-top': offsetTop ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
              '--input-margin-bottom': offsetBottom ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
              '--input-height': sizeVar(size, 'input-height'),
              '--input-fz': fontSize,
              '--input-radius': radiusVar(radius),
              '--input-left-section-width': leftSectionWidth !== undefined ? rem(leftSectionWidth) : undefined,
              '--input-right-section-width': rightSectionWidth !== undefined ? rem(rightSectionWidth) : undefined,
              '--input-padding-y': parts.multiline ? sizeVar(size, 'input-padding-y') : undefined,
              '--input-left-section-pointer-events': parts.leftSectionPointerEvents,
              '--input-right-section-pointer-events': parts.rightSectionPointerEvents,
            })}
            className={cx(partClass('Input', 'wrapper'), `mantine-${selector}-wrapper`)}
            data-variant={variant}
            data-size={dataSize(size)}
            {...mod({
              error: hasError || Boolean(error),
              pointer: parts.pointer,
              disabled,
              multiline: parts.multiline,
              'data-with-right-section': !!rightSection,
              'data-with-left-section': !!leftSection,
            })}
          >
            <InputSection position="left" selector={selector}>
              {leftSection}
            </InputSection>
            {render({
              ...rest,
              'aria-invalid': Boolean(error),
              'aria-describedby': describedBy,
              id: inputId,
              required,
              disabled,
              className: cx(partClass('Input', 'input'), `mantine-${selector}-input`),
              'data-variant': variant,
              ...mod({ disabled, error: Boolean(error) }),
            })}
            <InputSection position="right" selector={selector}>
              {rightSection}
            </InputSection>
          </div>
        )
    }
  })

  return (
    <div
      style={rootStyle}
      className={cx(className, WRAPPER.root, 'mantine-InputWrapper-root', `mantine-${selector}-root`)}
      data-variant={variant === 'default' ? undefined : variant}
      data-size={dataSize(size)}
      {...mod({ error: Boolean(error) })}
      {...wrapperProps}
    >
      {content}
    </div>
  )
}

/** A checkbox's description or error under its label (Mantine's markup), a little smaller than the label. */
function CheckboxText({
  part,
  size,
  small,
  children,
}: {
  part: 'description' | 'error'
  size: string | undefined
  small: string | undefined
  children: ReactNode
}) {
  return (
    <p
      style={{ [`--input-${part}-size`]: small }}
      className={cx(CHECKBOX[part], `mantine-Checkbox-${part}`)}
      data-size={dataSize(size)}
    >
      {children}
    </p>
  )
}

/** A left or right section of an input (Mantine's markup); nothing when the section is empty. */
function InputSection({
  position,
  selector,
  children,
}: {
  position: 'left' | 'right'
  selector: string
  children: ReactNode
}) {
  return children ? (
    <div data-position={position} className={cx(partClass('Input', 'section'), `mantine-${selector}-section`)}>
      {children}
    </div>
  ) : null
}

export type TextInputProps = WrapperProps &
  StyleProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'style' | 'color'>

/** Mantine's TextInput. */
export const TextInput = forwardRef(function TextInput(props: TextInputProps, ref: Ref<HTMLInputElement>) {
  return useField(props, { selector: 'TextInput' }, (control) => <input ref={ref} {...control} />)
})

export type TextareaProps = WrapperProps &
  StyleProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'size' | 'style' | 'color'> & {
    /** Grows with its text between minRows and maxRows, in the browser (the server renders `rows`). */
    autosize?: boolean
    minRows?: number
    maxRows?: number
  }

interface Fit {
  area: HTMLTextAreaElement
  minRows: number
  maxRows: number
}

/** The height of a textarea holding its text, between its min and max rows (Mantine's autosize). */
function fitRows(area: HTMLTextAreaElement, minRows = 1, maxRows = Infinity) {
  fitAll([{ area, minRows, maxRows }])
}

/**
 * Every textarea waiting to be fitted, in one pass: their styles read together, then all set to
 * `auto`, then their heights read together (one layout), then written. Fitted one by one, each read
 * after a write forced a layout of the page: a form with eight textareas laid out eight times while
 * it hydrated.
 */
function fitAll(fits: readonly Fit[]) {
  const measured = fits.map(({ area, minRows, maxRows }) => {
    const style = window.getComputedStyle(area)
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.55
    const border = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth)
    const frame = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + border
    return { area, border, min: minRows * line + frame, max: maxRows * line + frame }
  })
  for (const { area } of measured) area.style.height = 'auto'
  const contents = measured.map(({ area, border }) => area.scrollHeight + border)
  measured.forEach(({ area, min, max }, index) => {
    const content = contents[index]!
    area.style.height = `${Math.min(max, Math.max(min, content))}px`
    area.style.overflowY = content > max ? 'auto' : 'hidden'
  })
}

const waiting = new Map<HTMLTextAreaElement, Fit>()
/** Fits a textarea with the others of the same render (its effects run in one task). */
function fitSoon(fit: Fit) {
  waiting.set(fit.area, fit)
  if (waiting.size > 1) return
  queueMicrotask(() => {
    const fits = [...waiting.values()].filter(({ area }) => area.isConnected)
    waiting.clear()
    fitAll(fits)
  })
}

/** Mantine's Textarea; `autosize` grows it with its text once the page runs. */
export const Textarea = forwardRef(function Textarea(
  { autosize, minRows, maxRows, ...props }: TextareaProps,
  ref: Ref<HTMLTextAreaElement>,
) {
  const area = useRef<HTMLTextAreaElement | null>(null)
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      area.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) (ref as { current: HTMLTextAreaElement | null }).current = node
    },
    [ref],
  )
  useEffect(() => {
    const node = area.current
    if (!node) return
    if (!autosize) {
      node.style.height = ''
      node.style.overflowY = ''
      return
    }
    fitSoon({ area: node, minRows: minRows ?? 1, maxRows: maxRows ?? Infinity })
    const refit = () => fitRows(node, minRows, maxRows)
    node.addEventListener('input', refit)
    window.addEventListener('resize', refit)
    return () => {
      node.removeEventListener('input', refit)
      window.removeEventListener('resize', refit)
    }
  }, [autosize, minRows, maxRows, props.value])
  return useField(props, { selector: 'Textarea', multiline: true }, (control) => <textarea ref={setRef} {...control} />)
})

export type NativeSelectProps = WrapperProps &
  StyleProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'style' | 'color'> & {
    data?: readonly (string | { value: string; label: string; disabled?: boolean })[]
  }

/** Mantine's NativeSelect: a real select with the chevron. */
export const NativeSelect = forwardRef(function NativeSelect(
  { data = [], children, rightSection, ...props }: NativeSelectProps,
  ref: Ref<HTMLSelectElement>,
) {
  // The chevron takes only a size given (Mantine passes NativeSelect's own prop on).
  const size = props.size
  const chevron = rightSection ?? (
    <svg
      style={{ ['--combobox-chevron-size' as string]: sizeVar(size, 'combobox-chevron-size') }}
      className={partClass('ComboboxChevron', 'chevron')}
      data-size={dataSize(size)}
      {...mod({ 'combobox-chevron': true, error: props.error || undefined })}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <UseIcon id={CHEVRON_ICON} />
    </svg>
  )
  return useField(
    { ...props, rightSection: chevron },
    { selector: 'NativeSelect', pointer: true, rightSectionPointerEvents: 'none' },
    (control) => (
      <select ref={ref} {...control}>
        {children ??
          data.map((item) => {
            const option = typeof item === 'string' ? { value: item, label: item } : item
            return (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            )
          })}
      </select>
    ),
  )
})

const CHECKBOX = CLASSES.Checkbox
// Checkbox.classes merges InlineInput's classes over the Checkbox's own, so its own root is named here
// (core.test.tsx fails if Mantine renames it).
const CHECKBOX_ROOT = 'm_bf2d988c'

export type CheckboxProps = StyleProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'style' | 'color' | 'type'> & {
    label?: ReactNode
    description?: ReactNode
    error?: ReactNode
    size?: string
    color?: string
    radius?: string | number
    labelPosition?: 'left' | 'right'
    wrapperProps?: Record<string, unknown>
    style?: CSSProperties
  }

/** Mantine's Checkbox (no indeterminate state, no group). */
export const Checkbox = forwardRef(function Checkbox(
  {
    label,
    description,
    error,
    size,
    color,
    radius,
    labelPosition = 'right',
    wrapperProps,
    id,
    disabled,
    className,
    style,
    checked,
    ...props
  }: CheckboxProps,
  ref: Ref<HTMLInputElement>,
) {
  const theme = useMantineTheme()
  const uuid = useId(id)
  const base = vars(
    {
      '--checkbox-size': sizeVar(size, 'checkbox-size'),
      '--checkbox-radius': radiusVar(radius),
      '--checkbox-color': themeColor(color || theme.primaryColor, theme, false),
      '--label-fz': sizeVar(size, 'mantine-font-size'),
      '--label-lh': sizeVar(size, 'label-lh'),
    },
    style,
  )
  const { style: merged, rest } = splitStyleProps(props, theme, base)
  const fontSize = sizeVar(size, 'mantine-font-size')
  const small = size === undefined ? undefined : `calc(${fontSize} - ${rem(2)})`
  return (
    <div
      style={merged}
      className={cx(className, CHECKBOX_ROOT, 'mantine-Checkbox-root', partClass('Checkbox', 'root'))}
      data-variant="filled"
      data-size={dataSize(size)}
      {...mod({ 'data-checked': checked || undefined, 'label-position': labelPosition })}
      {...wrapperProps}
    >
      <div className={partClass('Checkbox', 'body')}>
        <div className={partClass('Checkbox', 'inner')} data-label-position={labelPosition}>
          <input
            id={uuid}
            ref={ref}
            {...mod({ error: Boolean(error) })}
            className={cx(focusClass(theme), partClass('Checkbox', 'input'))}
            {...rest}
            checked={checked}
            disabled={disabled}
            type="checkbox"
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden
            className={partClass('Checkbox', 'icon')}
          >
            <UseIcon id={CHECK_ICON} />
          </svg>
        </div>
        <div className={partClass('Checkbox', 'labelWrapper')} data-disabled={disabled || undefined}>
          {label ? (
            <label htmlFor={uuid} className={partClass('Checkbox', 'label')} data-disabled={disabled || undefined}>
              {label}
            </label>
          ) : null}
          {description ? (
            <CheckboxText part="description" size={size} small={small}>
              {description}
            </CheckboxText>
          ) : null}
          {error && typeof error !== 'boolean' ? (
            <CheckboxText part="error" size={size} small={small}>
              {error}
            </CheckboxText>
          ) : null}
        </div>
      </div>
    </div>
  )
})
