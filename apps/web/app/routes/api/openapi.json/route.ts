import { z } from 'zod';
import { jsonCall } from '#app/http/json.server';
import { describedApi } from '#app/http/openapi.server';

/** GET /api/openapi.json (public, decision 665): every JSON call described as OpenAPI 3.1, from the calls' own schemas. */
export const loader = jsonCall({
  cache: 'apiDocument',
  answer: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
  handle: () => describedApi(),
});
