import { Alert } from '#app/ui/core'

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
