import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { credentialsNotice, keepAdminCredentials } from '@moncafe/infra/auth/admin-credentials';
import { resetAdminPassword } from '@moncafe/infra/auth/reset-admin-password';
import { createSessionStore } from '@moncafe/infra/auth/sessions';
import { loadConfig } from '@moncafe/infra/config';
import { createLogger } from '@moncafe/infra/logger';
import { cryptoIds, systemClock } from '@moncafe/infra/system';
import { openSystemProcess } from '@moncafe/infra/system-process';

/**
 * `npm run admin:reset-password [-- --email owner@example.jp]`: sets a new generated password for
 * the first admin (or the admin with that e-mail), ends that admin's sessions, writes the
 * credentials file in DATA_DIR (0600) and prints them in a box. With the embedded database, stop
 * `npm start` first: one process at a time may open the data folder.
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', format: config.logFormat, name: 'moncafe-admin-reset' });
  const system = await openSystemProcess(config, logger);
  try {
    const sessions = createSessionStore(
      { db: system.database.db, clock: systemClock },
      { secret: config.sessionSecrets ?? [randomBytes(32).toString('base64url')], production: config.production },
    );
    const reset = await resetAdminPassword(
      { eventStore: system.eventStore, ids: cryptoIds, clock: systemClock, endSessionsOf: (id) => sessions.destroyAllOf(id) },
      { email: values.email },
    );
    const file = await keepAdminCredentials(config.dataDir, reset, systemClock.now());
    for (const line of credentialsNotice('MonCafe: the admin password was reset', { ...reset, file, loginUrl: `${config.publicUrl}/login` })) console.log(line);
  } finally {
    await system.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
