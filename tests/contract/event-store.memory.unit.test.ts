import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { eventStoreContract } from './event-store-contract';

eventStoreContract('event store contract: memory', async () => {
  const store = memoryEventStore();
  return { store, dispose: () => store.close() };
});
