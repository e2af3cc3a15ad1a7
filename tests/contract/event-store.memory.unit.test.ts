import { memoryEventStore } from '@moncafe/infra/eventstore/memory';
import { eventStoreContract } from './event-store-contract';

eventStoreContract('event store contract: memory', async () => {
  const store = memoryEventStore();
  return { store, dispose: () => store.close() };
});
