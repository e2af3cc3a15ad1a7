import type { CatalogRule } from '@moncafe/domain/catalog/kinds';

/**
 * The JSON calls' own answers, shared by every /api route (app/http/json.server.ts) and the
 * browser's call client (app/http/api-client.ts). Spec wording where the spec gives it.
 */
export const callTexts = {
  /** customer-site.md §8: the 429 answer, and what the screens say for it. */
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってから再試行してください。',
  /** customer-site.md §8: three or more 502s on one URL within 5 seconds. */
  badGateway: 'サーバーエラーが発生しています。しばらく時間をおいてから再試行してください。',
  /** A body that is not the call's JSON: the spec's "check required fields". */
  checkRequiredFields: '必須項目を確認してください',
  jsonRequired: 'JSON の本文が必要です',
  tooLarge: '送信されたデータが大きすぎます',
  /** A string with U+0000, an unpaired surrogate or (in a one-line field) a control character. */
  textRefused: '使用できない文字が含まれています',
  tooLong: (max: number) => `${max}文字以内で入力してください`,
  tooManyLines: (lines: number) => `${lines}行以内で入力してください`,
  methodNotAllowed: 'method not allowed',
  lengthRequired: 'Content-Length が必要です',
  badRequest: 'リクエストが正しくありません',
  /** Unexpected errors: logged with the correlation id, answered without details. */
  serverError: 'サーバーエラーが発生しました。しばらくしてから再試行してください。',
  /** The database is away for a moment (a restart): answered 503 with Retry-After. */
  unavailable: 'ただいま混み合っています。しばらくしてから再試行してください。',
  /** Idempotency-Key (decision 260): a key that is not 8–128 letters, digits or `_.:-`. */
  idempotencyKeyInvalid: 'Idempotency-Key が正しくありません',
  /** The same key sent with another request. */
  idempotencyKeyReused: 'この Idempotency-Key は別の内容のリクエストに使われています',
  /** The first request with the key is still being processed. */
  idempotencyInFlight: '同じ操作を処理中です。しばらくしてから再試行してください。',
  noStore: '店舗が登録されていません',
  /** A store the guest named (`store_id`) that is not an open store (decision 406). */
  unknownStore: '選ばれた店舗は見つからないか、閉店しています。店舗を選び直してください。',
  notFound: 'no such call',
} as const;

/** The described API's own words (GET /api/openapi.json): for the developers who read it, in English. */
export const apiDocumentTexts = {
  title: 'MonCafe API',
  description:
    'The JSON calls of the MonCafe web app, made from their own schemas. Every request sends and receives JSON with credentials (the session cookie); every refusal is the error envelope { success: false, error, field? } with the status named here or, for any other, the default response.',
  ok: 'The answer',
  refused: 'Refused: the error envelope',
  fieldDescription: 'The request field at fault, dotted (reservationData.cart), when one is',
  idempotencyKey: 'A command a device may send twice: the same key and request get the first answer again',
  session: 'The signed-in session (staff, monitors, admins)',
  statuses: {
    400: 'The body, query or a path parameter does not parse, or the request is refused as it stands',
    401: 'Not signed in',
    403: 'The signed-in role or store may not do this',
    404: 'What the request names does not exist',
    409: 'The state changed: what was asked no longer holds',
    413: 'The body is larger than the call accepts',
    422: 'The request is refused as it stands',
    429: 'Too many requests: Retry-After says when to try again',
    503: 'The database is away for a moment: Retry-After says when to try again',
  },
} as const;

/**
 * A field that does not parse, in Japanese naming the field, for zod's own checks (a schema's
 * own message, already the screen's words, is kept): both edges, the JSON calls' 400 `message`
 * and the page forms' first problem (app/http/field-errors.ts).
 */
export const fieldTexts = {
  required: (field: string) => `「${field}」を入力してください`,
  invalid: (field: string) => `「${field}」の形式が正しくありません`,
  choose: (field: string) => `「${field}」は選択肢から選んでください`,
  tooBig: {
    number: (field: string, max: string) => `「${field}」は${max}以下で入力してください`,
    string: (field: string, max: string) => `「${field}」は${max}文字以内で入力してください`,
    array: (field: string, max: string) => `「${field}」は${max}件以内で指定してください`,
    other: (field: string) => `「${field}」が大きすぎます`,
  },
  tooSmall: {
    number: (field: string, min: string) => `「${field}」は${min}以上で入力してください`,
    string: (field: string, min: string) => `「${field}」は${min}文字以上で入力してください`,
    array: (field: string, min: string) => `「${field}」は${min}件以上指定してください`,
    other: (field: string) => `「${field}」が小さすぎます`,
  },
  /** The field of a problem at the root of what was sent. */
  wholeForm: '入力内容',
  /**
   * The catalog's rules that span fields (domain/src/catalog/kinds.ts `CATALOG_RULES`): the domain
   * names a broken one by its code and these are its only words (decision 484).
   */
  rules: {
    deadline_pair: '締切の日数と時刻は両方を設定してください',
    choices_needed: 'ラジオボタンとプルダウンには選択肢を1つ以上登録してください',
    choice_ids_unique: '選択肢のIDが重複しています',
    parent_value_needed: '表示条件の値を選んでください',
    no_self_dependency: 'オプションは自分自身を条件にできません',
    open_day_hours: '営業日は開店時刻と閉店時刻を入力してください',
    close_after_open: '閉店時刻は開店時刻より後にしてください',
    end_after_start: '終了時刻は開始時刻より後にしてください',
    registration_number: '登録番号は「T」と13桁の数字（検査用数字が正しいもの）で入力してください。',
    address_once: '「メールアドレス」が他のお知らせ先と重複しています',
  } satisfies Record<CatalogRule, string>,
} as const;
