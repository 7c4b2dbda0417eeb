import { Button, type ButtonProps } from './core'

/**
 * A row's small red action that takes the row out (Remove, Unlink, Delete): the kit's Button, compact and
 * subtle. The caller says what it is (a submit with its intent, a link) and labels it.
 */
export function RemoveButton(props: ButtonProps & Record<string, unknown>) {
  return <Button size="compact-xs" variant="subtle" color="red" {...props} />
}
