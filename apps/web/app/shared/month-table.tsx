import type { ReactNode, TdHTMLAttributes } from 'react';
import type { CalendarDay } from './calendar-month';

/**
 * A month as a table, weeks running Sunday to Saturday (calendar-month.ts), for every calendar
 * screen: each screen says what a day's cell holds and looks like (the homepage's business days,
 * the day screen's bookable dates).
 */
export function MonthTable({
  weeks,
  weekdays,
  cell,
}: {
  weeks: readonly (CalendarDay | null)[][];
  /** Column headings, Sunday first. */
  weekdays: readonly string[];
  cell: (day: CalendarDay) => { className: string; content: ReactNode; attributes?: TdHTMLAttributes<HTMLTableCellElement> };
}) {
  return (
    <table className="calendar">
      <thead>
        <tr>
          {weekdays.map((name, i) => (
            <th key={name} scope="col" className={i === 0 ? 'sunday' : i === 6 ? 'saturday' : undefined}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (day === null) return <td key={d} className="empty" />;
              const { className, content, attributes } = cell(day);
              return (
                <td key={day.date} className={className} data-date={day.date} {...attributes}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
