/**
 * The page side of the multi-intent answer (app/http/intent.server.ts): the action's answer if it
 * belongs to one of the given intents (a prefix ends with '-' or ':'), else null, so each form shows
 * only its own errors.
 */
export function replyFor<Reply extends { intent: string }>(
  reply: Reply | null | undefined,
  ...intents: string[]
): Reply | null {
  if (!reply) return null
  const mine = intents.some((intent) =>
    /[-:]$/.test(intent) ? reply.intent.startsWith(intent) : reply.intent === intent,
  )
  return mine ? reply : null
}

/** The first message of a Conform reply's errors (form errors under ''), for the alert above the form. */
export function firstError(error: Record<string, string[] | null> | null | undefined): string | undefined {
  return Object.values(error ?? {}).find((messages) => messages?.length)?.[0]
}

/**
 * The message a form shows above its fields for an intent's answer: its `error`, unless the answer
 * marks a field with it (the field shows it; a schema's refusal, a wrong code at its field). A
 * refusal of the whole form (a wrong password at sign-in, a relogin refused, a record already changed)
 * names no field, so it is shown here.
 */
export function formLevelError(
  reply: { error?: string; result?: { error?: Record<string, string[] | null> | null } } | null | undefined,
): string | undefined {
  if (!reply?.error) return undefined
  const marked = Object.entries(reply.result?.error ?? {}).some(([name, messages]) => name !== '' && messages?.length)
  return marked ? undefined : reply.error
}
