import type { Route } from './+types/route';
import { ChecklistEditor } from '#app/staff-area/checklist-editor';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as a } from '#app/staff-area/texts';
import { adminPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(a.closingTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /admin/close-prep: the closing checklist's tasks, as /staff/close-prep shows them. */
export default function AdminChecklist() {
  return <ChecklistEditor list="closing" />;
}
