import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@moncafe/domain/decider';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { sha256Hex } from '../system';
import { jpegOf, pngOf, webpOf } from '@moncafe/domain/testing/images';
import { imageInfoOf, imageMediaTypeOf } from './media-type';
import { blobMigrations, postgresBlobStore } from './postgres-blob-store';

const png = pngOf(400, 400);
const jpeg = jpegOf(640, 480);
const webp = webpOf(300, 200);
const codeOf = (error: unknown) => (error instanceof DomainError ? error.code : String(error));

describe('the blob store on embedded PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(database.db, blobMigrations);
  });
  afterAll(() => database.close());

  it('tells PNG, JPEG and WebP by their bytes, and nothing else', () => {
    expect([png, jpeg, webp].map(imageMediaTypeOf)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(imageMediaTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageMediaTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageMediaTypeOf(new Uint8Array())).toBeNull();
  });

  it('keeps only pictures whose header agrees with their magic bytes and declares sane sides (finding 13)', async () => {
    expect([png, jpeg, webp].map(imageInfoOf)).toEqual([
      { mediaType: 'image/png', width: 400, height: 400 },
      { mediaType: 'image/jpeg', width: 640, height: 480 },
      { mediaType: 'image/webp', width: 300, height: 200 },
    ]);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const htmlLabelledPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...html]);
    const blobs = postgresBlobStore({ db: database.db, clock: manualClock(new Date('2026-12-01T00:00:00Z')) });
    for (const bytes of [html, htmlLabelledPng, pngOf(100_000, 100_000), pngOf(0, 10)]) {
      await expect(blobs.put({ bytes, kind: 'reservation-image', owner: 'session:x' }).catch(codeOf)).resolves.toBe('blob_type_refused');
    }
  });

  it('keeps the same bytes once under their SHA-256, with every owner, and reads them back', async () => {
    const blobs = postgresBlobStore({ db: database.db, clock: manualClock(new Date('2026-12-01T00:00:00Z')) });
    const first = await blobs.put({ bytes: png, kind: 'reservation-image', owner: 'session:a' });
    const again = await blobs.put({ bytes: png, kind: 'reservation-image', owner: 'session:b' });
    expect(first).toEqual({ id: sha256Hex(png), mediaType: 'image/png', size: png.length });
    expect(again.id).toBe(first.id);
    expect(await blobs.addOwner(first.id, 'reservation-image', 'reservation:r1')).toBe(true);
    expect(await blobs.addOwner('0'.repeat(64), 'reservation-image', 'reservation:r1')).toBe(false);
    expect((await blobs.owners(first.id, 'reservation-image')).sort()).toEqual(['reservation:r1', 'session:a', 'session:b']);
    expect(await blobs.owners(first.id, 'menu-image')).toEqual([]);
    expect(await blobs.read(first.id)).toEqual({ ...first, bytes: png });
    expect(await blobs.read('f'.repeat(64))).toBeNull();
  });

  it('refuses other types and anything over its size cap, storing nothing', async () => {
    const blobs = postgresBlobStore({ db: database.db, clock: manualClock(new Date('2026-12-01T00:00:00Z')) }, { maxBytes: 16 });
    const svg = new TextEncoder().encode('<svg/>');
    expect(codeOf(await blobs.put({ bytes: svg, kind: 'k', owner: 'o' }).catch((e: unknown) => e))).toBe('blob_type_refused');
    const large = new Uint8Array([...png, ...new Uint8Array(16)]);
    expect(codeOf(await blobs.put({ bytes: large, kind: 'k', owner: 'o' }).catch((e: unknown) => e))).toBe('blob_too_large');
    expect(await blobs.read(sha256Hex(svg))).toBeNull();
    expect(await blobs.read(sha256Hex(large))).toBeNull();
  });
});
