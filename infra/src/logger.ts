import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * Structured logs; secrets are redacted by path wherever they might be passed in. `json` (one
 * object per line, for production log collectors and the tests that read a server's output) or
 * `pretty` (a readable line per entry, for a developer's terminal; config.ts picks it when
 * NODE_ENV=development, which plain `npm start` is). Same fields either way.
 */
export function createLogger(options: { level: string; name?: string; format?: 'json' | 'pretty' }): Logger {
  const settings = {
    name: options.name ?? 'moncafe',
    level: options.level,
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'headers.cookie', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  if (options.format !== 'pretty') return pino(settings);
  // In-process and synchronous: every line is out before the next console line (the start's last lines stay last).
  return pino(settings, pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,name' }));
}
