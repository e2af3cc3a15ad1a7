import { PASSWORD_MAX, PASSWORD_MIN } from '@moncafe/domain/account/events';
import { callTexts } from '#app/http/texts';
import { textsIn, type Language, type Localized, type Messages } from '#app/i18n/language';

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
  /** Sign-up's one answer, whether or not the address had an account, so it tells nobody which addresses exist (decision 051). */
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

/** Sign-in and sign-up for a visitor who reads English (decision 394); the staff-only refusals are answered on staff paths in Japanese. */
const authTextsEn: Messages<typeof authTexts> = {
  loginTitle: 'Sign in',
  signUpTitle: 'Create an account',
  name: 'Name',
  email: 'Email address',
  password: 'Password',
  passwordHint: `At least ${PASSWORD_MIN} characters (15 or more is better), at most ${PASSWORD_MAX}`,
  loginButton: 'Sign in',
  signUpButton: 'Create account',
  logoutButton: 'Sign out',
  loginFailed: (error) => `We could not sign you in: ${error}`,
  registrationFailed: (error) => `We could not create your account: ${error}`,
  wrongCredentials: 'The email address or password is not right.',
  invalidInput: 'Please check what you entered.',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  passwordTooShort: `Your password needs at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Your password can have at most ${PASSWORD_MAX} characters.`,
  verificationMailSent: 'We have sent you an email. Open the link in it, then sign in.',
  verifyEmailTitle: 'Confirm your email address',
  verifyEmailLead: 'Press the button below to confirm your email address.',
  verifyEmailButton: 'Confirm my email address',
  emailVerified: 'Your email address is confirmed. Once you sign in, your bookings made with it appear on My bookings.',
  verifyLinkExpired: 'This link has expired. Sign in and ask for a new confirmation email.',
  verifyLinkInvalid: 'This link is not valid or has already been used.',
  toLogin: 'Go to sign in',
  serverError: 'Something went wrong on our side. Please try again in a little while.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  unauthenticated: 'Please sign in.',
  ownAdminRole: 'You cannot remove your own admin role.',
  accountNotFound: 'Account not found.',
  forbidden: 'You are not allowed to do this.',
  crossSite: 'This request was refused.',
  orSignInWith: (provider) => `Sign in with ${provider}`,
  externalUserName: 'LINE user',
  lineInAppNotice: 'Signing in is limited in the LINE app’s browser. Please open this page in your own browser.',
  openExternalBrowser: 'Open in your browser',
  callbackProcessing: 'Signing you in…',
  authFailed: 'Sign-in failed',
  authParamsInvalid: 'The sign-in details we received were not valid.',
  backToLogin: 'Back to sign in',
  authSuccess: 'You are signed in',
  redirectingSoon: 'Taking you on in 3 seconds…',
  signedInAs: (name) => `Signed in as ${name}`,
};

export const localizedAuthTexts: Localized<typeof authTexts> = { ja: authTexts, en: authTextsEn };

export function authTextsIn(language: Language): Messages<typeof authTexts> {
  return textsIn(localizedAuthTexts, language);
}
