import { describe, expect, it } from 'vitest';
import { centreSquare } from './image-crop';

describe('round crop', () => {
  it('keeps the centred square of a landscape or portrait picture', () => {
    expect(centreSquare(1200, 800)).toEqual({ sx: 200, sy: 0, side: 800 });
    expect(centreSquare(600, 900)).toEqual({ sx: 0, sy: 150, side: 600 });
  });
});
