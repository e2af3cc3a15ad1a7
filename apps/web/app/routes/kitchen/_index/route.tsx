import { areaTexts } from '#app/areas/texts';

export default function KitchenHome() {
  return (
    <div className="area-home">
      <h2>{areaTexts.kitchenTitle}</h2>
      <p>{areaTexts.comingSoon}</p>
    </div>
  );
}
