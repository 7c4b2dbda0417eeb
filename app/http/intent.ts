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
