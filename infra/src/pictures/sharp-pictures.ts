import type Sharp from 'sharp';
import type { PictureResizer } from '@moncafe/domain/catalog/menu-editor-service';
import { imageInfoOf } from '../blobs/media-type';

/** The longest side of a menu picture as stored: sharp on the largest card and on a tablet's editor. */
const MENU_PICTURE_SIDE = 1200;

/** libvips costs a web process ~18 MiB from the moment it is loaded: loaded with the first picture, not at start. */
let loaded: Promise<typeof Sharp> | null = null;
const loadSharp = () => (loaded ??= import('sharp').then((module) => module.default));

/**
 * Menu pictures resized with sharp (libvips, prebuilt for the platform through npm's optional
 * dependencies): turned upright by their EXIF orientation, fitted inside 1200×1200 (never
 * enlarged), stripped of metadata (a phone's location) and kept as WebP. Only PNG, JPEG or WebP
 * whose header is sane (imageInfoOf: magic bytes, sides up to 4096) reach sharp; anything sharp
 * cannot decode answers null as well.
 */
export const sharpPictures: PictureResizer = {
  async menuPicture(bytes) {
    if (!imageInfoOf(bytes)) return null;
    const sharp = await loadSharp();
    try {
      const out = await sharp(bytes, { limitInputPixels: 4096 * 4096, failOn: 'error' })
        .rotate()
        .resize({ width: MENU_PICTURE_SIDE, height: MENU_PICTURE_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      return new Uint8Array(out);
    } catch {
      return null;
    }
  },
};
