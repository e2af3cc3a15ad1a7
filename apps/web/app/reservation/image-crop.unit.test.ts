import { describe, expect, it } from 'vitest';
import { centreSquare, cropSquare } from './image-crop';

describe('round crop', () => {
  it('keeps the centred square of a landscape or portrait picture', () => {
    expect(centreSquare(1200, 800)).toEqual({ sx: 200, sy: 0, side: 800 });
    expect(centreSquare(600, 900)).toEqual({ sx: 0, sy: 150, side: 600 });
  });

  it('starts from the centred square when the customer has not placed the circle', () => {
    expect(cropSquare(1200, 800)).toEqual({ sx: 200, sy: 0, side: 800 });
  });

  it('takes the square the customer placed and zoomed, in the picture pixels', () => {
    expect(cropSquare(1200, 800, { x: 640.4, y: 120.6, width: 400, height: 400 })).toEqual({ sx: 640, sy: 121, side: 400 });
  });

  it('keeps the square inside the picture and square when the area runs over an edge or is not square', () => {
    expect(cropSquare(1200, 800, { x: 1000, y: -5, width: 400, height: 410 })).toEqual({ sx: 800, sy: 0, side: 400 });
    expect(cropSquare(600, 900, { x: 0, y: 0, width: 700, height: 700 })).toEqual({ sx: 0, sy: 0, side: 600 });
  });
});
