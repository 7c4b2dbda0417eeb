import { Alert, Text } from '#app/ui/core'

/**
 * The alerts a form or a tab shows above its fields, one way everywhere: a save that lost a race
 * (with the current values now in the form), the server's error (Conform's form errors, or the
 * `error` of a multi-intent answer) and its warning (app/http/intent: `{ intent, error?, warning? }`).
 */
export function FormAlerts({
  conflict,
  errors,
  error,
  warning,
}: {
  conflict?: string | null
  errors?: string[]
  error?: string | null
  warning?: string | null
}) {
  const shown = error || errors?.[0]
  return (
    <>
      {conflict ? (
        <Alert color="orange" title="Not saved" role="alert">
          {conflict}
        </Alert>
      ) : null}
      {shown && !conflict ? (
        <Alert color="red" role="alert">
          {shown}
        </Alert>
      ) : null}
      {warning ? (
        <Alert color="yellow" role="alert">
          {warning}
        </Alert>
      ) : null}
    </>
  )
}

/**
 * What stands in the way of Save while the form is typed (spec 2 §5: Save waits for a valid form):
 * "To save: Sort: Sort must be no more than 10 characters; Email: Email must be valid". `label` names
 * a field as the form shows it.
 */
export function SaveBlockers({
  problems,
  label,
}: {
  problems: readonly (readonly [string, string])[]
  label: (name: string) => string
}) {
  if (problems.length === 0) return null
  return (
    <Text size="sm" c="red" role="status">
      To save: {problems.map(([name, problem]) => `${label(name)}: ${problem}`).join('; ')}
    </Text>
  )
}
