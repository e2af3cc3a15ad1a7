import type { Logger } from 'pino';
import type { Config } from '../config';
import { memoryBus } from './memory';
import { connectNatsBus } from './nats';
import type { Bus } from './port';

/** NATS JetStream when `NATS_URL` is set, else the in-process bus. */
export function openBus(config: Pick<Config, 'natsUrl' | 'natsStream' | 'natsSubjectPrefix'>, logger: Logger): Promise<Bus> | Bus {
  return config.natsUrl
    ? connectNatsBus({ url: config.natsUrl, streamName: config.natsStream, subjectPrefix: config.natsSubjectPrefix, logger })
    : memoryBus({ logger });
}
