/** Session messages and constants shared by the server and the (lazily loaded) idle dialog. */
export const STILL_TIMED_OUT_MESSAGE =
  'The current session is still timed out and will require this form to be filled out.'
export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect.'
/** The activity type whose description is required (spec 1 §5). */
export const DESCRIBE_ACTIVITY_TYPE = 1
