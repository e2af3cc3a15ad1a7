/** Side of the cropped image (customer-site.md §9: 400x400 PNG, aspect 1). */
export const CROP_SIZE = 400;

/** The largest centred square of an image: what the round crop keeps. */
export function centreSquare(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: Math.round((width - side) / 2), sy: Math.round((height - side) / 2), side };
}

/**
 * Crops a picture round: the centred square, scaled to 400×400, outside the circle transparent,
 * as a PNG data URL (the value the server accepts as an image option).
 */
export async function cropRound(file: Blob): Promise<string> {
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
    const { sx, sy, side } = centreSquare(image.naturalWidth, image.naturalHeight);
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
