/** /no-permission shows the same words to anyone, signed in or not: nothing to load. */
export function loadNoPermission() {
  return null
}
