import { digitsOnly, EMAIL_PATTERN } from './masks'

/**
 * Rules of the fields several forms share (spec 2 §5), as plain functions of the typed text: the
 * forms' rule sets (person-rules.ts, contact-rules.ts) are made of them, so a browser can keep Save
 * disabled while one fails without Zod; the schemas refuse with the same messages (parity tests).
 */
export const FIELD_RULES = {
  email: (value: string) => (!value.trim() || EMAIL_PATTERN.test(value.trim()) ? null : 'Email must be valid'),
  ext: (value: string) =>
    !value || /^\d*$/.test(value.trim()) ? (value.trim().length <= 10 ? null : 'Limit 10 digits') : 'Numbers only',
  /** A phone: blank, or ten digits whatever the punctuation ("Direct must have 10 digits"). */
  phone: (label: string) => (value: string) => {
    const digits = digitsOnly(value)
    return digits === '' || digits.length === 10 ? null : `${label} must have 10 digits`
  },
}
