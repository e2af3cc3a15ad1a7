import type { Logger } from 'pino';
import type { Config } from '../config';
import { memoryBus } from './memory';
import type { Bus } from './port';

/** NATS JetStream when `NATS_URL` is set, else the in-process bus. The NATS client is imported only then. */
export async function openBus(
  config: Pick<Config, 'natsUrl' | 'natsStream' | 'natsSubjectPrefix'> & Partial<Pick<Config, 'natsStreamReplicas'>>,
  logger: Logger,
): Promise<Bus> {
  if (!config.natsUrl) return memoryBus({ logger });
  const { connectNatsBus } = await import('./nats');
  return connectNatsBus({
    url: config.natsUrl,
    streamName: config.natsStream,
    subjectPrefix: config.natsSubjectPrefix,
    replicas: config.natsStreamReplicas ?? 1,
    logger,
  });
}
