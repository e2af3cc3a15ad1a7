import type { Route } from './+types/route';
import { ChecklistScreen } from '#app/staff-area/checklist';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.closingTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /staff/close-prep: the closing checklist of today's business day. */
export default function StaffChecklist() {
  return <ChecklistScreen list="closing" />;
}
