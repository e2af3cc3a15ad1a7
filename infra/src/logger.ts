import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { requestIdMixin } from './operations/request-scope';

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
    // Inside a request, every line carries its id (operations/request-scope.ts).
    mixin: requestIdMixin,
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'headers.cookie', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  // Synchronous either way: every line is out before the next console line, so the start's last
  // lines (the credentials notice) stay last. One access-log line per request is a few microseconds.
  if (options.format !== 'pretty') return pino(settings, pino.destination({ dest: 1, sync: true }));
  return pino(settings, pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,name' }));
}

/**
 * A start that failed before a logger exists (a bad variable, an unreachable service) says so
 * in one line: plain text for a person at a terminal, a JSON line like the logger's in production,
 * where every line goes to a log shipper (decision 554).
 */
export function startFailureLine(message: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.NODE_ENV !== 'production' || env.LOG_FORMAT === 'pretty') return message;
  return JSON.stringify({ level: 60, time: Date.now(), name: 'moncafe', msg: message });
}
