import { useNavigation } from '@remix-run/react'

/**
 * The intent of the form the page is sending now ('' when none, or a form without one): what a
 * button's loading state reads, so features never read a form's `intent` by hand.
 */
export function usePendingIntent(): string {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return ''
  const intent = navigation.formData?.get('intent')
  return typeof intent === 'string' ? intent : ''
}
