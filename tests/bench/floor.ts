import type { Options } from './measure';
export async function benchFloor(_server: string, _nats: string | null, _options: Options) {}
