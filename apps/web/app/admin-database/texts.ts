import type { DatabaseAdminError } from '@moncafe/infra/database-admin/database-admin';

/** /admin/database and its calls (decisions 141, 142). */
export const databaseTexts = {
  title: 'データベース',
  lead: 'お店のデータ（予約・注文・設定など）はすべて変更の記録として保存されています。各画面の一覧は、その記録から作った集計表を読んでいます。ふだんは何もする必要はありません。',
  statusHeading: '集計表の状態',
  /** The rebuild controls stay folded: they are for when support asks (decision 190). */
  maintenance: '集計表を作り直す（サポートから頼まれたときだけ）',
  maintenanceLead: '集計表の内容がおかしいときに、記録から作り直します。記録は消えず、作り直しの間も予約や注文は止まりません。大きなお店では数分かかります。',
  allUpToDate: 'すべての集計表が最新です。',
  someBehind: (n: number) => `${n}個の集計表に、まだ反映されていない記録があります。しばらくすると追いつきます。`,
  name: '集計表',
  tables: 'データベースの表',
  checkpoint: '反映済みの記録',
  lag: '状態',
  upToDate: '最新',
  behind: (n: number, capped: boolean) => `${capped ? `${n}件以上` : `${n}件`}未反映`,
  rebuild: '作り直す',
  rebuildAll: 'すべて作り直す',
  confirmRebuild: (name: string) => `集計表「${name}」を記録から作り直しますか？記録は消えません。作り直しの間も画面は今の内容を表示します。`,
  confirmRebuildAll:
    'すべての集計表を記録から作り直しますか？記録（予約・注文・設定）は消えません。作り直しの間も画面は今の内容を表示しますが、大きなお店では数分かかります。',
  operationHeading: '実行中の処理',
  /** Once the operation has ended (done or failed): it is no longer running. */
  lastOperationHeading: '直近の処理',
  rebuilding: (names: string) => `作り直し中: ${names}`,
  rebuilt: (names: string) => `作り直した集計表: ${names}`,
  importing: '記録を取り込み中',
  importEnded: '記録の取り込み',
  progress: (events: number, percent: number) => `${events}件の記録を反映（${percent}%）`,
  swapping: '入れ替え中…',
  done: '完了しました',
  failed: (error: string) => `失敗しました: ${error}`,
  exportHeading: 'バックアップ',
  exportLead:
    'すべての記録を1つのファイル（NDJSON形式）でダウンロードします。パスワードのハッシュや暗号化されたパスワードも含むバックアップです。安全に保管してください。',
  exportLink: 'バックアップをダウンロード',
  importHeading: 'バックアップから戻す',
  importLead:
    'ダウンロードしたバックアップを、記録が1件もない新しいシステムに取り込みます。すべての行を確認してから書き込み、1行でも不正なら何も取り込みません。',
  importFile: 'NDJSONファイル',
  importButton: '取り込む',
  confirmImport: 'このファイルを取り込みますか？',
  imported: (n: number) => `${n}件の記録を取り込み、集計表を作り直しました。`,
  errors: {
    busy: '別の作り直しまたは取り込みが実行中です。終わってからもう一度お試しください。',
    unknown_read_model: '指定された集計表はありません。',
    store_not_empty: 'すでに記録があるため取り込めません。取り込みは記録が1件もない新しいシステムにだけ行えます。',
    invalid_line: (line: number, reason: string) => `${line}行目が正しくありません（${reason}）。何も取り込んでいません。`,
    empty_file: 'ファイルに記録がありません。',
    tooLarge: 'ファイルが大きすぎます。',
    failed: '取り込みに失敗しました。',
  },
} as const;

export function databaseErrorMessage(error: DatabaseAdminError): string {
  if (error.code === 'invalid_line') return databaseTexts.errors.invalid_line(error.detail.line ?? 0, error.detail.reason ?? '');
  return databaseTexts.errors[error.code];
}
