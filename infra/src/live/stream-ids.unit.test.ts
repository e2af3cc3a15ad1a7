import { describe, expect, it } from 'vitest';
import { hmacSigning } from '../auth/signing';
import { sealedStreamIds } from './stream-ids';

describe('sealed ids of a guest’s own live stream (decision 165)', () => {
  const ids = sealedStreamIds(hmacSigning('a session secret for the test'));

  it('hides the position, and opens only on its own stream and with the same secret', () => {
    const id = ids.seal('reservation:r1', 1_376_258);
    expect(id).not.toContain('1376258');
    expect(ids.seal('reservation:r1', 1_376_258)).not.toBe(id); // two frames at one position look unrelated
    expect(ids.open('reservation:r1', id)).toBe(1_376_258);
    expect(ids.open('reservation:r2', id)).toBeNull();
    expect(sealedStreamIds(hmacSigning('another secret')).open('reservation:r1', id)).toBeNull();
  });

  it('opens nothing for a made-up or tampered id', () => {
    const id = ids.seal('reservation:r1', 42);
    const flipped = `${id.slice(0, -2)}${id.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of ['0', '42', 'v1.', 'v1.AAAA', flipped, 'x'.repeat(500)]) expect(ids.open('reservation:r1', bad), bad).toBeNull();
  });
});
