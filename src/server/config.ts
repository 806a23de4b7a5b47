import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables the server reads. A bad value stops the start with a message naming it. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Requests per minute per client address on public write endpoints. */
  PUBLIC_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** When "1", the server stops when its standard input closes (tests use this so a server never outlives them). */
  EXIT_WITH_STDIN: z.enum(['0', '1']).default('0'),
  /** Set when the server runs behind a reverse proxy, so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** Folder of the built web app; defaults to dist/web beside the sources. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null /* null: in memory */ };

export interface AppConfig {
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  database: DatabaseConfig;
  dataDir: string;
  webDistDir: string | null;
  publicWriteRateLimit: number;
  exitWithStdin: boolean;
  trustProxy: boolean;
}

const projectRoot = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_WEB_DIST_DIR = path.join(projectRoot, 'dist/web');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    publicWriteRateLimit: e.PUBLIC_WRITE_RATE_LIMIT,
    exitWithStdin: e.EXIT_WITH_STDIN === '1',
    trustProxy: e.TRUST_PROXY === '1',
  };
}
