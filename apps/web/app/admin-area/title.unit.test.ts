import { describe, expect, it } from 'vitest';
import { adminPageTitle, areaPageTitle, titleForChosenStore } from './title';

describe('admin page titles', () => {
  const layout = (stores: { name: string }[]) => ({ id: 'routes/admin/route', loaderData: { stores } });
  it('carry the first store’s name in place of 管理者画面', () => {
    expect(adminPageTitle('座席管理', [{ id: 'root' }, layout([{ name: 'MonCafe 駅前店' }, { name: '二号店' }])])).toBe('座席管理 | MonCafe 駅前店 | MonCafe');
    expect(adminPageTitle(null, [layout([{ name: 'MonCafe 駅前店' }])])).toBe('MonCafe 駅前店 | MonCafe');
  });
  it('carry it in the monitor, staff and kitchen areas too, or the area’s own words with no store', () => {
    const area = (id: string, stores: { name: string }[]) => ({ id, loaderData: { stores } });
    expect(areaPageTitle('予約スケジュール', [{ id: 'root' }, area('routes/monitor/route', [{ name: 'MonCafe 駅前店' }])])).toBe(
      '予約スケジュール | MonCafe 駅前店 | MonCafe',
    );
    expect(areaPageTitle('シフト提出', [area('routes/staff/route', [])])).toBe('シフト提出 | スタッフ | MonCafe');
    expect(areaPageTitle(null, [area('routes/kitchen/route', [])])).toBe('キッチン | MonCafe');
  });
  it('name the chosen store in place of the first store once the browser knows the choice (decision 320)', () => {
    expect(titleForChosenStore('座席管理 | MonCafe 駅前店 | MonCafe', 'MonCafe 駅前店', 'MonCafe 西口店')).toBe('座席管理 | MonCafe 西口店 | MonCafe');
    expect(titleForChosenStore('MonCafe 駅前店 | MonCafe', 'MonCafe 駅前店', 'MonCafe 西口店')).toBe('MonCafe 西口店 | MonCafe');
    // No choice, or a title that does not carry the first store (the screen itself is named so): unchanged.
    expect(titleForChosenStore('座席管理 | MonCafe 駅前店 | MonCafe', 'MonCafe 駅前店', null)).toBe('座席管理 | MonCafe 駅前店 | MonCafe');
    expect(titleForChosenStore('MonCafe 駅前店 | 管理者画面 | MonCafe', 'MonCafe 駅前店', 'MonCafe 西口店')).toBe('MonCafe 駅前店 | 管理者画面 | MonCafe');
  });
  it('say 管理者画面 when there is no store (or the stores could not be read)', () => {
    expect(adminPageTitle('座席管理', [layout([])])).toBe('座席管理 | 管理者画面 | MonCafe');
    expect(adminPageTitle(null, [])).toBe('管理者画面 | MonCafe');
  });
});
