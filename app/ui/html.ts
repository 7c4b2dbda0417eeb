/**
 * HTML written as strings, for the one place where React's per-element cost dominates a page: the
 * body of a large table (a page of 100–500 rows). Every interpolated value is escaped as React
 * escapes text and attributes, unless it is itself `Html` made here; there is no other way to put
 * markup in, so a value from the database can never become markup.
 */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const NEEDS_ESCAPE = /["'&<>]/

/** Text or an attribute value, escaped (React's five characters). */
export function escapeHtml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text
  return text.replace(/["'&<>]/g, (char) => ESCAPES[char]!)
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[]

/** A value as markup: `Html` as it is, anything else escaped, lists joined, nothing for null and booleans. */
export function part(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return ''
  if (value instanceof Html) return value.value
  if (Array.isArray(value)) {
    let out = ''
    for (const item of value as readonly HtmlValue[]) out += part(item)
    return out
  }
  return escapeHtml(String(value))
}

/** A template of markup: `html\`<td>${text}</td>\``; interpolations are escaped unless `Html`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1]!
  return new Html(out)
}

/**
 * Attributes from a record: ` name="value"` for strings and numbers, ` name=""` for true, nothing
 * for false, null or undefined. Names must be literal attribute names (they are not escaped), so
 * only code, never data, names them.
 */
const checkedNames = new Set<string>()

export function attrs(record: Record<string, string | number | boolean | null | undefined>): Html {
  let out = ''
  for (const name in record) {
    // Each name is checked once (a table of 500 rows writes the same few names thousands of times).
    if (!checkedNames.has(name)) {
      if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`not an attribute name: ${name}`)
      if (checkedNames.size < 1000) checkedNames.add(name)
    }
    const value = record[name]
    if (value === null || value === undefined || value === false) continue
    out += value === true ? ` ${name}=""` : ` ${name}="${escapeHtml(String(value))}"`
  }
  return new Html(out)
}
