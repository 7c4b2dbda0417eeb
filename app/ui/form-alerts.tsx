import { Alert } from '@mantine/core'

/**
 * The alerts every edit form shows above its fields: a save that lost a race (with the current
 * values now in the form) and a form-level error from the server.
 */
export function FormAlerts({ conflict, errors }: { conflict?: string | null; errors?: string[] }) {
  return (
    <>
      {conflict ? (
        <Alert color="orange" title="Not saved" role="alert">
          {conflict}
        </Alert>
      ) : null}
      {errors?.length && !conflict ? (
        <Alert color="red" role="alert">
          {errors[0]}
        </Alert>
      ) : null}
    </>
  )
}
