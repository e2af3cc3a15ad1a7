import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { Passwords } from '@moncafe/domain/account/account-service';

/**
 * OWASP's first argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane. The algorithm is a
 * const enum in the package's types, which isolated modules cannot read, hence the literal.
 */
const ARGON2ID_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** A hash of a random password: verified against when the account does not exist, so a miss costs as much time as a hit. */
let decoy: Promise<string> | null = null;

/** Compares in constant time inside argon2; an unparsable hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The account service's `Passwords` port. */
export const argon2Passwords: Passwords = { hash: hashPassword, verify: verifyPassword };
