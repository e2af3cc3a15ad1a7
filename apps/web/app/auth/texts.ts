import { PASSWORD_MAX, PASSWORD_MIN } from '@moncafe/domain/account/events';
import { callTexts } from '#app/http/texts';

/** Japanese texts of sign-in, sign-up and refusals, in one place. Spec wording where the spec gives it. */
export const authTexts = {
  loginTitle: 'ログイン',
  signUpTitle: '新規登録',
  name: 'お名前',
  email: 'メールアドレス',
  password: 'パスワード',
  passwordHint: `${PASSWORD_MIN}文字以上（15文字以上を推奨）、${PASSWORD_MAX}文字以内`,
  loginButton: 'ログイン',
  signUpButton: '登録する',
  logoutButton: 'ログアウト',
  /** Spec: 'ログインに失敗しました: {server error}'. */
  loginFailed: (error: string) => `ログインに失敗しました: ${error}`,
  /** Spec: registration failure is alike. */
  registrationFailed: (error: string) => `登録に失敗しました: ${error}`,
  wrongCredentials: 'メールアドレスまたはパスワードが正しくありません',
  invalidInput: '入力内容を確認してください',
  nameRequired: 'お名前を入力してください',
  emailInvalid: 'メールアドレスを正しく入力してください',
  passwordTooShort: `パスワードは${PASSWORD_MIN}文字以上で入力してください`,
  passwordTooLong: `パスワードは${PASSWORD_MAX}文字以内で入力してください`,
  /** Sign-up's one answer, whether or not the address had an account (docs/security.md, finding 1). */
  verificationMailSent: '確認メールを送信しました。メールのリンクを開いてから、ログインしてください。',
  verifyEmailTitle: 'メールアドレスの確認',
  verifyEmailLead: '下のボタンを押すと、メールアドレスの確認が完了します。',
  verifyEmailButton: 'メールアドレスを確認する',
  emailVerified: 'メールアドレスを確認しました。ログインすると、このアドレスでのご予約がマイページに表示されます。',
  verifyLinkExpired: 'リンクの有効期限が切れています。ログインして、確認メールを再送してください。',
  verifyLinkInvalid: 'このリンクは無効か、既に使われています。',
  toLogin: 'ログインへ',
  serverError: 'サーバーエラーが発生しました。しばらく時間をおいてから再試行してください。',
  tooManyRequests: callTexts.tooManyRequests,
  unauthenticated: 'ログインが必要です',
  ownAdminRole: '自分の管理者権限は外せません',
  accountNotFound: 'アカウントが見つかりません',
  forbidden: 'この操作を行う権限がありません',
  crossSite: '不正なリクエストです',
  orSignInWith: (provider: string) => `${provider}でログイン`,
  /** The name of an account made by an external sign-in that shares neither name nor e-mail. */
  externalUserName: 'LINEユーザー',
  lineInAppNotice: 'LINEアプリ内のブラウザではログインが制限されています。外部ブラウザで開いてください。',
  openExternalBrowser: '外部ブラウザで開く',
  // Auth callback (spec: 'authentication failed' / 'authentication parameters invalid', success redirects after 3 s)
  callbackProcessing: '認証処理中...',
  authFailed: '認証に失敗しました',
  authParamsInvalid: '認証パラメータが無効です',
  backToLogin: 'ログイン画面に戻る',
  authSuccess: '認証に成功しました',
  redirectingSoon: '3秒後に移動します...',
  signedInAs: (name: string) => `${name} さんとしてログインしています`,
} as const;
