import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { createKurrentDbEventStore } from '@moncafe/infra/eventstore/kurrentdb';
import { eventStoreContract } from './event-store-contract';

/**
 * Runs against EVENTSTORE_URL when it is set, else against a KurrentDB container where a
 * container runtime answers. Neither here (no Docker on this machine): the suite is then
 * reported as skipped under its name, with the reason printed.
 */
const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.0';
const HTTP_PORT = 2113;

async function skipReason(): Promise<string | null> {
  if (process.env.EVENTSTORE_URL) return null;
  try {
    await getContainerRuntimeClient();
    return null;
  } catch (error) {
    return `EVENTSTORE_URL is not set and no container runtime for ${IMAGE} (${error instanceof Error ? error.message : String(error)})`;
  }
}

eventStoreContract(
  'event store contract: kurrentdb',
  async () => {
    let container: StartedTestContainer | null = null;
    let url = process.env.EVENTSTORE_URL;
    if (!url) {
      container = await new GenericContainer(IMAGE)
        .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_MEM_DB: 'true', KURRENTDB_RUN_PROJECTIONS: 'None' })
        .withExposedPorts(HTTP_PORT)
        .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCode(204))
        .start();
      url = `kurrentdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`;
    }
    const store = createKurrentDbEventStore(url);
    return {
      store,
      async dispose() {
        await store.close();
        await container?.stop();
      },
    };
  },
  { skipReason: await skipReason(), setupTimeoutMs: 180_000 },
);
