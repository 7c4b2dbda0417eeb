export const PORT = Number(process.env.E2E_PORT ?? 3310)
export const BASE_URL = `http://127.0.0.1:${PORT}`
/** The e2e app server sends mail here; tests/e2e/mail-sink.ts listens on it for the whole run. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000)
