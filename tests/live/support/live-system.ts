import { saveRecord } from '@moncafe/domain/catalog/catalog-service';
import { openDatabase } from '@moncafe/infra/db/connection';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { cryptoIds } from '@moncafe/infra/system';
import { createTestDatabase } from '../../support/services';
import { startTestWebServer } from '../../support/web-server';

export const LIVE_ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };

/**
 * A web server on a fresh PostgreSQL database and the NATS at `natsUrl` (stream `stream`), and a
 * second writer on the same database, as another web process would be: what it appends reaches
 * the server's /live through the relay and NATS (or the store while NATS is down).
 */
export async function startLiveSystem(serverUrl: string, natsUrl: string, stream: string) {
  const created = await createTestDatabase(serverUrl, 'moncafe_live');
  const server = await startTestWebServer({
    env: {
      DATABASE_URL: created.url,
      NATS_URL: natsUrl,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: stream.toLowerCase(),
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: LIVE_ADMIN.email,
      ADMIN_PASSWORD: LIVE_ADMIN.password,
    },
  });
  const database = await openDatabase({ url: created.url, dataDir: '' });
  const writer = createPostgresEventStore(database.pool);
  return {
    server,
    /** A homepage card saved by the second writer: one `catalog-updated` message. */
    saveCard: (title: string) =>
      saveRecord(
        { eventStore: writer, ids: cryptoIds },
        { kind: 'homepage-card', id: cryptoIds.uuid(), data: { card_type: 'other', title, link_url: '/menu', display_order: 1 } },
        { correlationId: 'live-test', actor: 'admin-test' },
      ),
    async close() {
      await server.close();
      await writer.close();
      await database.close();
      await created.drop();
    },
  };
}
