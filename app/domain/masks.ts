/**
 * Input masks and display formats of spec 2 §5 and §9: phones (###) ###-#### stored as ten digits,
 * SSN ###-##-####, ext up to ten digits. Pure: used by forms in the browser and by schemas on the server.
 */

export function digitsOnly(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '')
}

/** What the user reads for a stored phone: (nnn) nnn-nnnn; anything else is shown as stored. */
export function formatPhone(stored: string | null | undefined): string {
  const digits = digitsOnly(stored)
  if (digits.length !== 10) return stored ?? ''
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** The (###) ###-#### mask applied while typing: keeps at most ten digits and formats what is there. */
export function maskPhone(typed: string): string {
  const digits = digitsOnly(typed).slice(0, 10)
  if (digits.length === 0) return ''
  if (digits.length <= 3) return `(${digits}`
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** The ###-##-#### mask applied while typing. */
export function maskSsn(typed: string): string {
  const digits = digitsOnly(typed).slice(0, 9)
  if (digits.length <= 3) return digits
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
}

/** The SSN as shown to users without person-edit: only the last four digits. */
export function hideSsn(ssn: string | null | undefined): string {
  if (!ssn) return ''
  const digits = digitsOnly(ssn)
  return `***-**-${digits.slice(-4).padStart(4, '*')}`
}

/** Ext: digits only, at most ten. */
export function maskExt(typed: string): string {
  return digitsOnly(typed).slice(0, 10)
}

/** Names are trimmed, and a Unicode replacement character (a mangled apostrophe) becomes an apostrophe. */
export function cleanName(text: string): string {
  return text.replace(/\uFFFD/g, "'").trim()
}

/** A simple x@y.z address (spec 2 §5): what every email field accepts. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
