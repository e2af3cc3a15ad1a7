import type { Signing } from '../auth/signing';
import { secretBox } from '../secrets/secret-box';

/**
 * The ids of a guest's own live stream (its table-order token's reservation topic): the global
 * position sealed (AES-256-GCM, a fresh IV each time) for that one stream, so the phone can
 * resume with Last-Event-ID while the id tells it nothing of how busy the whole store is, and a
 * made-up id opens nothing (decision 165). The key comes from the session
 * secret, so every web process of a deployment reads the others' ids.
 */
export interface StreamIds {
  /** The id of `position` on the stream `scope` (e.g. `reservation:<id>`). */
  seal(scope: string, position: number): string;
  /** The position an id of this stream stands for, or null (not ours, another stream's, or tampered with). */
  open(scope: string, id: string): number | null;
}

export function sealedStreamIds(signing: Pick<Signing, 'sign'>): StreamIds {
  // A key of its own, derived from the session secret: never the secret itself.
  const box = secretBox(signing.sign('live: sealed stream ids'));
  return {
    seal: (scope, position) => box.seal(`${scope}\n${position}`),
    open(scope, id) {
      if (id.length > 200) return null;
      let plain: string;
      try {
        plain = box.open(id);
      } catch {
        return null;
      }
      const cut = plain.lastIndexOf('\n');
      const position = Number(plain.slice(cut + 1));
      return plain.slice(0, cut) === scope && Number.isSafeInteger(position) && position >= 0 ? position : null;
    },
  };
}
