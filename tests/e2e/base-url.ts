export const PORT = Number(process.env.E2E_PORT ?? 3310)
export const BASE_URL = `http://127.0.0.1:${PORT}`
