import { AreaHome } from '#app/areas/area-home';
import { areaTexts } from '#app/areas/texts';

export default function StaffHome() {
  return <AreaHome title={areaTexts.staffTitle} needsStore />;
}
