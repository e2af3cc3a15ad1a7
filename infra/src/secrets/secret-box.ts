import { createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SecretBox } from '@moncafe/domain/purchasing/supplier-service';

/**
 * Secrets staff need in clear (suppliers' passwords), sealed at rest with AES-256-GCM
 * (docs/decisions/083-supplier-passwords.md). Sealed text is `v1.` + base64url(iv ‖ tag ‖ data):
 * what events, the bus and the read models hold. The key is SHA-256 of `SECRETS_KEY`; without
 * one (outside production) it is a random key kept in `DATA_DIR/secrets.key`, made on first start.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `secrets` newest first (SECRETS_KEY's comma-separated list, decision 178): sealing uses the
 * first key, opening tries each in turn (AES-GCM's tag tells a wrong key), so after a rotation
 * both old and new sealed text opens until `npm run secrets:reseal` has sealed everything anew.
 */
export function secretBox(secrets: string | readonly string[]): SecretBox {
  // Key objects made once: given raw bytes, every cipher would make one again — about three
  // quarters of the time of opening a guest's sealed field (a relay or rebuild opens thousands).
  const keys = (typeof secrets === 'string' ? [secrets] : secrets).map((s) => createSecretKey(createHash('sha256').update(s).digest()));
  if (keys.length === 0) throw new Error('secretBox needs a key');
  const key = keys[0]!;
  const openWith = (k: KeyObject, sealed: string) => {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) throw new Error('not a sealed secret');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', k, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  };
  return {
    sealedWithNewest(sealed) {
      try {
        openWith(key, sealed);
        return true;
      } catch {
        return false;
      }
    },
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
    },
    open(sealed) {
      let failure: unknown = null;
      for (const k of keys) {
        try {
          return openWith(k, sealed);
        } catch (error) {
          failure ??= error;
        }
      }
      throw failure;
    },
  };
}

/** The configured key, or the one kept in the data folder (made once, readable by this user only). */
export async function secretsKey(config: { secretsKeys: readonly string[] | undefined; dataDir: string }): Promise<readonly string[]> {
  if (config.secretsKeys) return config.secretsKeys;
  return [await keyFile(config.dataDir)];
}

async function keyFile(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secrets.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, the second reads the first one's key.
    await writeFile(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
  await chmod(file, 0o600);
  return key;
}
