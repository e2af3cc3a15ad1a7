import { AreaHome } from '#app/areas/area-home';
import { areaTexts } from '#app/areas/texts';

export default function MonitorHome() {
  return <AreaHome title={areaTexts.monitorTitle} needsStore />;
}
