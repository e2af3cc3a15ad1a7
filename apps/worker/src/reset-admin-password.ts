import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { credentialsNotice, keepAdminCredentials } from '@moncafe/infra/auth/admin-credentials';
import { resetAdminPassword } from '@moncafe/infra/auth/reset-admin-password';
import { createSessionStore } from '@moncafe/infra/auth/sessions';
import { cryptoIds, systemClock } from '@moncafe/infra/system';
import { runCommand } from './command';
import { answerHelp } from './usage';

/**
 * `npm run admin:reset-password [-- --email owner@example.jp]`: sets a new generated password for
 * the first admin (or the admin with that e-mail), ends that admin's sessions, writes the
 * credentials file in DATA_DIR (0600) and prints them in a box. With the embedded database, stop
 * `npm start` first: one process at a time may open the data folder.
 */
answerHelp([
  'usage: node apps/worker/build/reset-admin-password.js [--email ADDRESS]   (npm run admin:reset-password:prod)',
  'Gives the first admin (or the admin with that e-mail) a new generated password, ends their sessions,',
  'and keeps it in DATA_DIR/admin-credentials.txt (0600). Reads DATABASE_URL, DATA_DIR.',
]);

const { values } = parseArgs({ options: { email: { type: 'string' } } });

runCommand(
  'moncafe-admin-reset',
  async ({ config, system }) => {
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
  },
  { level: 'warn' },
);
