import sanitizeHtml from 'sanitize-html'

/**
 * HTML typed by users (firm notes, contact notes) is sanitised with an allowlist before it is stored
 * and again before it is rendered (docs/decisions/0004-html-sanitiser.md): formatting tags and links
 * only; no scripts, styles, event handlers, frames or images from elsewhere.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
}

const USER_HTML_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel', 'target'] },
}

/**
 * Sanitised texts by their input: the answer is a function of the text alone, so a text seen again (a
 * firm's note on each of its tabs, a note's body on each visit) is looked up instead of parsed again.
 * Kept up to SANITISED_CHARS characters of inputs and answers, then started afresh; a text longer
 * than SANITISED_TEXT_MAX is not kept.
 */
const sanitised = new Map<string, string>()
let sanitisedChars = 0
export const SANITISED_CHARS = 4_000_000
export const SANITISED_TEXT_MAX = 200_000

export function sanitizeUserHtml(html: string | null | undefined): string {
  if (!html) return ''
  const kept = sanitised.get(html)
  if (kept !== undefined) return kept
  const clean = sanitizeHtml(html, USER_HTML_OPTIONS)
  if (html.length <= SANITISED_TEXT_MAX) {
    if (sanitisedChars + html.length + clean.length > SANITISED_CHARS) {
      sanitised.clear()
      sanitisedChars = 0
    }
    sanitised.set(html, clean)
    sanitisedChars += html.length + clean.length
  }
  return clean
}

/** The sanitiser without the kept answers (tests compare the two). */
export function sanitizeUserHtmlAfresh(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, USER_HTML_OPTIONS) : ''
}
