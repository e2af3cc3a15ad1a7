import { AreaHome } from '../../areas/area-home';
import { areaTexts } from '../../areas/texts';

export default function StaffHome() {
  return <AreaHome title={areaTexts.staffTitle} needsStore />;
}
