import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every environment variable the server reads; the README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// connection URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Trusting every X-Forwarded-For hop would let a client choose its own address (and dodge rate
  // limits), so the setting names how many proxies stand in front, or which addresses they have.
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d+|[0-9a-f.:/]+(,[0-9a-f.:/]+)*)$/i, 'must be false, a number of proxy hops, or proxy addresses separated by commas')
    .default('false')
    .transform((value): false | number | string[] =>
      value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value.split(','),
    ),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: false | number | string[];
  /** Submissions of each home-page form one client may make per hour. */
  formRateLimitPerHour: number;
  /** Where the built web app lives; the server serves it with a history fallback. */
  webRoot: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, webRoot: string): AppConfig {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    formRateLimitPerHour: vars.FORM_RATE_LIMIT_PER_HOUR,
    webRoot,
  };
}
