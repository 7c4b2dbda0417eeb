/**
 * HTML as one line of plain text for a table cell (a claim's facts, a bordereau's notes): tags become
 * spaces, the common entities are read, runs of white space become one space.
 */
export const htmlAsLine = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
