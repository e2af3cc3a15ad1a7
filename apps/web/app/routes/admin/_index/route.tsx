import { AreaHome } from '#app/areas/area-home';
import { areaTexts } from '#app/areas/texts';

export default function AdminHome() {
  return <AreaHome title={areaTexts.adminTitle} needsStore />;
}
