import { AreaHome } from '../../areas/area-home';
import { areaTexts } from '../../areas/texts';

export default function MonitorHome() {
  return <AreaHome title={areaTexts.monitorTitle} needsStore />;
}
