import { useState } from 'react';
import type { Route } from './+types/route';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { viewableMonths } from '@moncafe/domain/shift/rules';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { Choices, choicesOf, DescriptionPanel, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { ShiftMonth } from '#app/staff-area/shift-month';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.viewTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** The server's Tokyo date (the months offered run from last month on) and who is looking (their column first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context, 'staff', 'admin');
  return { today: tokyoDateOf(appOf(context).runtime.clock.now()), me: user.id };
}

/** /staff/view-shift: the month's schedule, corrections with a reason, and their history (operations.md §2, §5). */
export default function ViewShift({ loaderData }: Route.ComponentProps) {
  const { storeId, ready } = useAreaStore();
  // Newest first, never earlier than last month.
  const months = viewableMonths(loaderData.today);
  const [month, setMonth] = useState(loaderData.today.slice(0, 7));
  const index = months.indexOf(month);

  if (ready && !storeId) return <StoreRequired home="/staff" />;
  return (
    <div className="sa-page" data-ready={ready ? 'true' : undefined}>
      <h2>{t.viewTitle}</h2>
      <DescriptionPanel>
        <p>{t.viewDescription}</p>
      </DescriptionPanel>
      <div className="sa-month-nav">
        <button type="button" className="button secondary" disabled={index >= months.length - 1} onClick={() => setMonth(months[index + 1]!)}>
          {t.previousMonth}
        </button>
        <label className="field">
          {t.viewMonthLabel}
          <Choices value={month} onChange={(e) => setMonth(e.target.value)} options={choicesOf(months, t.monthLabel)} />
        </label>
        <button type="button" className="button secondary" disabled={index <= 0} onClick={() => setMonth(months[index - 1]!)}>
          {t.nextMonth}
        </button>
      </div>
      {storeId && <ShiftMonth storeId={storeId} month={month} me={loaderData.me} />}
    </div>
  );
}
