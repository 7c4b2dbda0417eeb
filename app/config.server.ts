import { z } from 'zod'

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

/** Every environment variable the app reads, validated once. README "Configuration" lists the same. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Default: 127.0.0.1 (loopback) in demo mode, 0.0.0.0 when APP_ENV=production. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM_DOMAIN: z.string().default('mga-desk.example'),
  /** The company contact block of every email (a signer's users.company wins over the name). */
  MAIL_COMPANY_NAME: z.string().min(1).default('Summit Professional Underwriters'),
  /** Address lines, separated by `;`. */
  MAIL_COMPANY_ADDRESS: z.string().default('100 Congress Avenue, Suite 1200;Austin, TX 78701'),
  MAIL_COMPANY_PHONE: z.string().default('5125550100'),
  /** Empty for none. */
  MAIL_COMPANY_WEBSITE: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default('https://mga-desk.example'),
  /** The licenses link every email carries. */
  MAIL_LICENSES_URL: z.url({ protocol: /^https?$/ }).default('https://mga-desk.example/licenses'),
  /** How long a send may take before it is logged as failed (spec 2 §9: sends take 15+ seconds). */
  MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** How many proxies in front of the app to trust for the client address (0: use the socket). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** A session that stays timed out this long is closed as Automatic Logout. */
  SESSION_IDLE_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(240),
  /** The longest a session may last, however active. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .default(14),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /** The largest JSON or form-encoded request body (multipart uploads use UPLOAD_MAX_BYTES). */
  BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  SEED_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  SKIP_SEED: booleanish,
  /** Demo mode (any APP_ENV but production) listens on a loopback address unless this is set. */
  DEMO_ON_NETWORK: booleanish,
  /** Failed sign-ins from one client address within LOGIN_WINDOW_MINUTES before it gets 429. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Members of the admin group without two-step sign-in are sent to /mfa to turn it on before anything else. */
  REQUIRE_MFA_FOR_ADMIN: booleanish,
  LOG_REQUESTS: booleanish,
  /** Server processes sharing the port (node:cluster); default: the number of cores. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
})

export const configSchema = envSchema.transform((env) => {
  /** Demo data and demo sign-ins exist only in demo mode: every APP_ENV but production. */
  const DEMO_MODE = env.APP_ENV !== 'production'
  return { ...env, HOST: env.HOST ?? (DEMO_MODE ? '127.0.0.1' : '0.0.0.0'), DEMO_MODE }
})

export type Config = z.infer<typeof configSchema>

/** True for 127.0.0.0/8, ::1 and localhost: a demo server nobody else can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

let cached: Config | undefined

export function getConfig(): Config {
  if (!cached) {
    const parsed = configSchema.safeParse(process.env)
    if (!parsed.success) {
      const detail = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
      throw new Error(`Invalid configuration: ${detail}`)
    }
    cached = parsed.data
  }
  return cached
}

/** For tests that change the environment. */
export function resetConfig(): void {
  cached = undefined
}

let timeZone: string | undefined
/** The zone the server's clock is in (its TZ, else the system's): pages show times on it (app/domain/dates.ts). */
export function serverTimeZone(): string {
  return (timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
}
