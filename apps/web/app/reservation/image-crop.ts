/** Side of the cropped image (customer-site.md §9: 400x400 PNG, aspect 1). */
const CROP_SIZE = 400;

/** A square of the picture in its own pixels: where the circle sits. */
export interface CropSquare {
  sx: number;
  sy: number;
  side: number;
}

/** The largest centred square of an image: the circle before the customer moves it. */
export function centreSquare(width: number, height: number): CropSquare {
  const side = Math.min(width, height);
  return { sx: Math.round((width - side) / 2), sy: Math.round((height - side) / 2), side };
}

/**
 * The square to draw from the area the customer placed (in the picture's pixels), kept inside
 * the picture and square; without an area, the centred square.
 */
export function cropSquare(width: number, height: number, area?: { x: number; y: number; width: number; height: number }): CropSquare {
  if (!area) return centreSquare(width, height);
  const side = Math.max(1, Math.min(Math.round(Math.min(area.width, area.height)), width, height));
  const clamp = (value: number, limit: number) => Math.min(Math.max(0, Math.round(value)), limit - side);
  return { sx: clamp(area.x, width), sy: clamp(area.y, height), side };
}

/**
 * Crops a picture round: the chosen square (or the centred one), scaled to 400×400, outside the
 * circle transparent, as a PNG data URL (the value the server accepts as an image option).
 */
export async function cropRound(file: Blob, area?: { x: number; y: number; width: number; height: number }): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = CROP_SIZE;
    canvas.height = CROP_SIZE;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    const { sx, sy, side } = cropSquare(image.naturalWidth, image.naturalHeight, area);
    ctx.beginPath();
    ctx.arc(CROP_SIZE / 2, CROP_SIZE / 2, CROP_SIZE / 2, 0, Math.PI * 2);
    ctx.closePath();
    ctx.clip();
    ctx.drawImage(image, sx, sy, side, side, 0, 0, CROP_SIZE, CROP_SIZE);
    return canvas.toDataURL('image/png');
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A data URL's bytes as a Blob, for uploading the cropped picture (POST /api/reservation-images). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(data);
  return new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))], { type });
}
