import { jsonCall, refuse } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';

/** Unknown /api paths answer JSON 404 rather than the homepage redirect pages get. */
const unknownCall = jsonCall({ handle: () => refuse(404, 'not found', { message: callTexts.notFound }) });

export const loader = unknownCall;
export const action = unknownCall;
