/**
 * Letter templates of the note editor's Letters picker (spec 2 §2.5): plain text with placeholders,
 * kept as the `letters` list (short = the name shown, long = the body). Choosing one fills the body.
 */

export const LETTER_PLACEHOLDERS = ['salutation', 'firm', 'signer', 'date', 're', 'policy'] as const
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number]

export interface LetterContext {
  /** The first To recipient's salutation ("Dear Ann"), else "Dear" and their name; 'Dear Sir or Madam' when there is none. */
  salutation?: string | null
  firm?: string | null
  /** The From user's long name. */
  signer?: string | null
  /** Today, as the spec's display date (DD MMM YYYY). */
  date?: string | null
  re?: string | null
  /** The chosen policy, as the picker labels it. */
  policy?: string | null
}

const FALLBACK: Record<LetterPlaceholder, string> = {
  salutation: 'Dear Sir or Madam',
  firm: 'your firm',
  signer: '',
  date: '',
  re: '',
  policy: 'your policy',
}

/** Replaces each {placeholder} with its value (unknown placeholders are left as typed). */
export function fillLetter(template: string, context: LetterContext): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(LETTER_PLACEHOLDERS as readonly string[]).includes(name)) return whole
    const value = context[name as LetterPlaceholder]?.trim()
    return value || FALLBACK[name as LetterPlaceholder]
  })
}

/** The salutation of a person for a letter: their own ("Dear Ann"), else "Dear given surname". */
export function salutationOf(
  person: { salutation?: string | null; name?: string | null } | null | undefined,
): string | null {
  if (!person) return null
  const own = person.salutation?.trim()
  if (own) return own
  const name = person.name?.trim()
  return name ? `Dear ${name}` : null
}
