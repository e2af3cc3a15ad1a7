import { AreaHome } from '../../areas/area-home';
import { areaTexts } from '../../areas/texts';

export default function AdminHome() {
  return <AreaHome title={areaTexts.adminTitle} needsStore />;
}
