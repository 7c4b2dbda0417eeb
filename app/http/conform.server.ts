import { parseWithZod } from '@conform-to/zod/v4'

/** The fields Conform keeps for itself in a submitted form: its control intents and its list state. */
const CONFORM_FIELDS = new Set(['__intent__', '__state__'])

function withoutConformFields<Payload extends FormData | URLSearchParams>(payload: Payload): Payload {
  const copy = (payload instanceof FormData ? new FormData() : new URLSearchParams()) as Payload
  for (const [name, value] of payload) if (!CONFORM_FIELDS.has(name)) copy.append(name, value as string)
  return copy
}

/**
 * Conform's `parseWithZod`, for what a client sends: Conform reads its own fields (`__intent__`,
 * `__state__`) with JSON.parse and throws on anything it cannot read, which would answer 500. Such a
 * payload is parsed again without them, so the schema answers it as any other bad input (a 4xx, or
 * the form again). Every form's server side parses with this (ESLint refuses `parseWithZod` elsewhere).
 */
export const parseForm = ((payload: FormData | URLSearchParams, options: Parameters<typeof parseWithZod>[1]) => {
  try {
    return parseWithZod(payload, options)
  } catch {
    return parseWithZod(withoutConformFields(payload), options)
  }
}) as typeof parseWithZod
