/**
 * The kit's Mantine look without Mantine's per-component work: Group, Stack, Text, Button and the
 * inputs here render the same markup as Mantine's (classes, data attributes, CSS variables; proven
 * by core.test.tsx against Mantine itself), at a small fraction of the server's render time. Pages
 * import these; Mantine's own components remain for what is not here (Modal, Menu, dates, …).
 */
export { Group, Stack, Paper, Card, SimpleGrid, Container, type BoxProps } from './layout'
export { Text, Anchor, Title, Code, Image, type TextProps } from './typography'
export { Button, ActionIcon, Badge, Alert, CloseButton, Loader, Notification, type ButtonProps } from './button'
export {
  TextInput,
  Textarea,
  NativeSelect,
  Checkbox,
  type TextInputProps,
  type TextareaProps,
  type NativeSelectProps,
  type CheckboxProps,
} from './inputs'
export { Pagination } from './pagination'
export { InputWrapper, type InputWrapperProps } from './input-wrapper'
export { List, ListItem, type ListProps } from './list'
export { IconSprite } from './icons'
export { PlainSubmitButton } from './plain-button'
