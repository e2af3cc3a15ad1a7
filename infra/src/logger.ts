import pino, { type Logger } from 'pino';

/** Structured JSON logs; secrets are redacted by path wherever they might be passed in. */
export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    name: options.name ?? 'moncafe',
    level: options.level,
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'headers.cookie', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  });
}
