import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { inputProps } from '#app/ui/field-props'
import { Button, Checkbox, Group, InputWrapper, Paper, SimpleGrid, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { constraints as preferencesConstraints } from '#app/domain/form-constraints/preferences'
import { DEFAULT_THEME_COLORS, type ThemeColors } from '#app/ui/theme'
import type { PreferencesFormValues } from '#app/schemas/preferences'
import type { IntentReply } from '#app/http/intent.server'
import type { loadPreferences } from './preferences.server'
import { formIdFor, textDefaults, useServerForm } from '#app/ui/use-server-form'
import { optionsOf, RadioGroupField } from '#app/ui/fields'

export const preferencesMeta: MetaFunction = () => [{ title: 'Preferences · mga-desk' }]

const COLOR_LABELS: Record<keyof ThemeColors, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  accent: 'Accent',
  background: 'Background',
}

const HOME_OPTIONS = optionsOf({ firms: 'Firms', claims: 'Claims' })
const SEARCH_AUTO_OPTIONS = optionsOf({ clear: 'Clear', save: 'Save' })

// The theme editor of spec 1 §2.12, as an addressable page (it works without JavaScript).
export function PreferencesPage() {
  const { preferences, colors } = useLoaderData<typeof loadPreferences>()
  const actionData = useActionData<IntentReply<{ result: SubmissionResult<string[]> }>>()
  const navigation = useNavigation()
  const defaults = {
    ...preferences,
    noTooltips: preferences.noTooltips ? 'on' : '',
    dense: preferences.dense ? 'on' : '',
    ...colors,
  }
  // The form's id follows the saved values: Conform reads a form's defaults once per id, so after
  // Reset theme the colour fields show the default colours (they kept the old ones, and the next Save
  // brought them back).
  const [form, fields] = useServerForm<PreferencesFormValues>(
    formIdFor('preferences', textDefaults(defaults)),
    preferencesConstraints,
    {
      lastResult: actionData?.result,
      defaultValue: defaults,
    },
  )
  const busy = navigation.state === 'submitting'
  return (
    <Paper withBorder p="lg" maw={760} mx="auto">
      <Title order={1} size="h3" mb="md">
        Preferences and theme
      </Title>
      <Group gap="md" mb="md">
        <Text size="sm">Sign-in:</Text>
        <Link to="/password">Change password</Link>
        <Link to="/mfa">Two-step sign-in</Link>
      </Group>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Preferences
            </Title>
            <Checkbox
              {...inputProps(fields.noTooltips, { type: 'checkbox' })}
              key={fields.noTooltips.key}
              label="No tooltips"
            />
            <Checkbox
              {...inputProps(fields.dense, { type: 'checkbox' })}
              key={fields.dense.key}
              label="Dense (smaller rows and fields)"
            />
            <RadioGroupField field={fields.home} label="Home page after sign-in" options={HOME_OPTIONS} inline />
            <RadioGroupField
              field={fields.searchAutoSetting}
              label="Search forms after a search"
              description="Clear the fields, or keep them for the next search"
              options={SEARCH_AUTO_OPTIONS}
              inline
            />
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Colours
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {(Object.keys(COLOR_LABELS) as (keyof ThemeColors)[]).map((name) => (
                <InputWrapper
                  key={name}
                  label={COLOR_LABELS[name]}
                  error={fields[name].errors?.[0]}
                  id={fields[name].id}
                >
                  <input
                    {...inputProps(fields[name], { type: 'color' })}
                    key={fields[name].key}
                    style={{ display: 'block', width: '100%', height: 36, border: 0, padding: 0, background: 'none' }}
                  />
                </InputWrapper>
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Defaults: primary {DEFAULT_THEME_COLORS.primary}, secondary {DEFAULT_THEME_COLORS.secondary}, accent{' '}
              {DEFAULT_THEME_COLORS.accent}, background {DEFAULT_THEME_COLORS.background}.
            </Text>
          </Stack>
          <Group>
            <Button type="submit" name="intent" value="save" loading={busy}>
              Save
            </Button>
            <Button type="submit" name="intent" value="reset-theme" variant="default" formNoValidate>
              Reset theme
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  )
}
