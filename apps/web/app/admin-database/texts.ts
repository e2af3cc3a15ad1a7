import type { DatabaseAdminError } from '@moncafe/infra/database-admin/database-admin';

/** /admin/database and its calls (decisions 141, 142). */
export const databaseTexts = {
  title: 'データベース',
  lead: '読み取りモデル（画面が読む表）はイベントから作り直せます。作り直しの間も予約や注文は止まらず、失われません。',
  statusHeading: '読み取りモデルの状態',
  head: (position: number) => `イベントストアの最新位置: ${position}`,
  name: '読み取りモデル',
  tables: '表',
  checkpoint: 'チェックポイント',
  lag: '遅れ',
  upToDate: '最新',
  behind: (n: number, capped: boolean) => `${capped ? `${n}件以上` : `${n}件`}遅れ`,
  rebuild: '作り直す',
  rebuildAll: 'すべて作り直す',
  confirmRebuild: (name: string) => `「${name}」を作り直しますか？作り直しの間も画面は今の内容を表示します。`,
  confirmRebuildAll: 'すべての読み取りモデルを作り直しますか？作り直しの間も画面は今の内容を表示します。',
  operationHeading: '実行中の処理',
  /** Once the operation has ended (done or failed): it is no longer running. */
  lastOperationHeading: '直近の処理',
  rebuilding: (names: string) => `作り直し中: ${names}`,
  rebuilt: (names: string) => `作り直した読み取りモデル: ${names}`,
  importing: 'イベントを取り込み中',
  importEnded: 'イベントの取り込み',
  progress: (events: number, percent: number) => `${events}件のイベントを適用（${percent}%）`,
  swapping: '入れ替え中…',
  done: '完了しました',
  failed: (error: string) => `失敗しました: ${error}`,
  exportHeading: 'エクスポート',
  exportLead:
    'イベントログ全体をNDJSON（1行1イベント）でダウンロードします。パスワードのハッシュや暗号化されたパスワードも含むバックアップです。安全に保管してください。',
  exportLink: 'イベントログをダウンロード',
  importHeading: 'インポート',
  importLead:
    'エクスポートしたNDJSONファイルを、イベントが1件もない新しいシステムに取り込みます。すべての行を確認してから書き込み、1行でも不正なら何も取り込みません。',
  importFile: 'NDJSONファイル',
  importButton: '取り込む',
  confirmImport: 'このファイルを取り込みますか？',
  imported: (n: number) => `${n}件のイベントを取り込み、読み取りモデルを作り直しました。`,
  errors: {
    busy: '別の作り直しまたは取り込みが実行中です。終わってからもう一度お試しください。',
    unknown_read_model: '指定された読み取りモデルはありません。',
    store_not_empty: 'イベントストアが空ではないため取り込めません。取り込みはイベントが1件もない新しいシステムにだけ行えます。',
    invalid_line: (line: number, reason: string) => `${line}行目が正しくありません（${reason}）。何も取り込んでいません。`,
    empty_file: 'ファイルにイベントがありません。',
    tooLarge: 'ファイルが大きすぎます。',
    failed: '取り込みに失敗しました。',
  },
} as const;

export function databaseErrorMessage(error: DatabaseAdminError): string {
  if (error.code === 'invalid_line') return databaseTexts.errors.invalid_line(error.detail.line ?? 0, error.detail.reason ?? '');
  return databaseTexts.errors[error.code];
}
