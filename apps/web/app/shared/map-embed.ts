/** OpenStreetMap's embeddable map around a point, with a marker (/access, the admin's store-coordinates preview). */
export function embeddedMapUrl(place: { latitude: number; longitude: number }, span = 0.004): string {
  const bbox = [place.longitude - span, place.latitude - span / 2, place.longitude + span, place.latitude + span / 2].map((n) => n.toFixed(6)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${place.latitude},${place.longitude}`;
}
