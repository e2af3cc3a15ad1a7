import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';

/**
 * The generated admin credentials, kept where the owner will find them (decision 108): a file in
 * DATA_DIR that only the owner can read (mode 0600), written before the account is registered so
 * a start that dies in between never leaves an admin nobody knows the password of, and a box
 * printed as the very last lines of `npm start`. `npm run admin:reset-password` writes it anew.
 */
const ADMIN_CREDENTIALS_FILE = 'admin-credentials.txt';

export interface AdminCredentials {
  email: string;
  password: string;
}

export function adminCredentialsPath(dataDir: string): string {
  return path.resolve(dataDir, ADMIN_CREDENTIALS_FILE);
}

/** Writes the file (0600, also when it existed with wider rights) and answers its absolute path. */
export async function keepAdminCredentials(dataDir: string, credentials: AdminCredentials, at: Date): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = adminCredentialsPath(dataDir);
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(
      [
        `MonCafe admin account (${at.toISOString()})`,
        `E-mail:   ${credentials.email}`,
        `Password: ${credentials.password}`,
        '',
        'Sign in at /login. To set a new password: npm run admin:reset-password',
        '(from the built image: node apps/worker/build/reset-admin-password.js)',
        'Delete this file once the password is kept somewhere safe.',
        '',
      ].join('\n'),
    );
  } finally {
    await handle.close();
  }
  return file;
}

/** Columns a terminal gives a character: two for East Asian wide ones (Japanese in a data path). */
function columns(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/** Lines drawn in a box, so they stand out at the end of the start's output. */
export function boxed(lines: readonly string[]): string[] {
  const inner = Math.max(...lines.map(columns));
  const rule = `+${'-'.repeat(inner + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line}${' '.repeat(inner - columns(line))} |`), rule];
}

/** What `npm start` prints last when it created the first admin (or the reset script set a new password). */
export function credentialsNotice(heading: string, credentials: AdminCredentials & { file: string; loginUrl: string }): string[] {
  return boxed([
    heading,
    '',
    `  E-mail:    ${credentials.email}`,
    `  Password:  ${credentials.password}`,
    '',
    `  Sign in:   ${credentials.loginUrl}`,
    `  Kept in:   ${credentials.file} (readable by you only)`,
    '  Lost it?   npm run admin:reset-password',
  ]);
}
