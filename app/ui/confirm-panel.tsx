import { Alert, Button, Group, Paper, Text, Title } from '#app/ui/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useId, useRef, type ReactNode } from 'react'
import { usePanelFocus } from '#app/ui/panel-focus'

export interface ConfirmAction {
  /** The form's intent (name="intent"). */
  intent: string
  label: string
  /** Red for what cannot be undone. */
  danger?: boolean
}

/**
 * The one confirm panel: "Delete …?" with its warning, a confirm button that posts a form, and Cancel,
 * a link that drops the URL parameter which opened the panel. The server renders it from that URL
 * parameter, so it works without JavaScript; with JavaScript the same links and form navigate in place.
 * Without `confirm` it only tells (a refusal) and offers Close.
 */
export function ConfirmPanel({
  title,
  children,
  warning,
  error,
  confirm,
  fields = {},
  action,
  cancelHref,
  cancelLabel,
  headingLevel = 3,
}: {
  title: ReactNode
  /** What is asked about (the record's name, a message). */
  children?: ReactNode
  /** What cannot be undone, in red. */
  warning?: ReactNode
  /** The server's refusal of an earlier attempt. */
  error?: ReactNode
  confirm?: ConfirmAction
  /** Hidden fields of the confirm form (ids, version). */
  fields?: Record<string, string | number>
  /** The form's action (default: the current route). */
  action?: string
  /** Where Cancel (or Close) goes: the page without the panel's URL parameter. */
  cancelHref: string
  cancelLabel?: string
  headingLevel?: 2 | 3 | 4
}) {
  const titleId = useId()
  const bodyId = useId()
  const navigation = useNavigation()
  const ref = useRef<HTMLDivElement>(null)
  // Opened by a link further down a long list or form: into view, focused, Escape cancels (panel-focus.ts).
  usePanelFocus(ref, cancelHref)
  const pending =
    confirm !== undefined && navigation.state === 'submitting' && navigation.formData?.get('intent') === confirm.intent
  const cancel = (
    <Button component={Link} to={cancelHref} variant="default" size="xs" preventScrollReset>
      {cancelLabel ?? (confirm ? 'Cancel' : 'Close')}
    </Button>
  )
  return (
    <div ref={ref}>
      <Paper
        withBorder
        p="sm"
        role="alertdialog"
        aria-labelledby={titleId}
        aria-describedby={children || warning ? bodyId : undefined}
        tabIndex={-1}
      >
        <Title order={headingLevel} size="h5" id={titleId}>
          {title}
        </Title>
        <div id={bodyId}>
          {children ? (
            <Text size="sm" mt={4} component="div">
              {children}
            </Text>
          ) : null}
          {warning ? (
            <Text size="sm" c="red" fw={600} mt={4} component="div">
              {warning}
            </Text>
          ) : null}
        </div>
        {error ? (
          <Alert color="red" role="alert" p="xs" mt="xs">
            {error}
          </Alert>
        ) : null}
        {confirm ? (
          <Form method="post" action={action} preventScrollReset>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Group gap="xs" mt="xs">
              <Button
                type="submit"
                name="intent"
                value={confirm.intent}
                color={confirm.danger ? 'red' : undefined}
                size="xs"
                loading={pending}
              >
                {confirm.label}
              </Button>
              {cancel}
            </Group>
          </Form>
        ) : (
          <Group gap="xs" mt="xs">
            {cancel}
          </Group>
        )}
      </Paper>
    </div>
  )
}
