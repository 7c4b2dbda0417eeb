import { useNavigation } from '@remix-run/react'

/**
 * The intent of the form the page is sending (the pending navigation's), or '' when none: the button
 * of that form shows it is busy. The one place a component reads a form's intent.
 */
export function usePendingIntent(): string {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return ''
  const intent = navigation.formData?.get('intent')
  return typeof intent === 'string' ? intent : ''
}
