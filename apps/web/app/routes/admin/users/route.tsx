import { z } from 'zod';
import { data, Form, useNavigation, useRevalidator } from 'react-router';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Route } from './+types/route';
import { staffRoles, staffRoleSchema } from '@moncafe/domain/account/events';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { changeRoleAsAdmin } from '#app/auth/roles.server';
import { authTexts } from '#app/auth/texts';
import { appOf } from '#app/context';
import { adminPageTitle } from '#app/admin-area/title';
import { areaTexts } from '#app/areas/texts';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as sa } from '#app/staff-area/texts';
import { StoreStaffSection } from './store-staff';
import { FactorReset } from './factor-reset';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(areaTexts.usersTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

const roleLabels = { admin: '管理者', monitor: 'モニター', staff: 'スタッフ' } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireRole(request, context, 'admin');
  const { queries } = appOf(context);
  const [accounts, memberships, stores] = await Promise.all([queries.accounts.list(), queries.storeStaff.memberships(), queries.stores.list({ closed: true })]);
  const nameOf = new Map(stores.map((s) => [s.store_id, s.name]));
  const storesOf = (accountId: string) => memberships.filter((m) => m.account_id === accountId).map((m) => nameOf.get(m.store_id) ?? m.store_id);
  return {
    me: me.id,
    accounts: accounts.map((a) => ({
      id: a.accountId,
      name: a.name,
      email: a.email,
      roles: a.roles,
      stores: storesShown(a.roles, storesOf(a.accountId)),
      leftOn: a.leftAt ? tokyoDateOf(a.leftAt) : null,
      forgotten: a.forgotten,
    })),
  };
}

/** What the stores column says (decision 400): admins and a monitor on no store's staff list use every store; staff on none, none. */
function storesShown(roles: readonly string[], listed: string[]): string {
  if (roles.includes('admin') || (listed.length === 0 && roles.includes('monitor'))) return sa.everyStore;
  if (listed.length === 0) return roles.includes('staff') ? sa.noStoreListed : '';
  return listed.join('、');
}

const formSchema = z.object({ accountId: z.string().min(1), role: staffRoleSchema, grant: z.enum(['true', 'false']).transform((v) => v === 'true') });

/** Grants or revokes a staff role (see app/auth/roles.server.ts). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  refused: (error) => data({ error }, { status: 400 }),
  invalid: authTexts.invalidInput,
  async handle({ form, user, context }) {
    const outcome = await changeRoleAsAdmin(context, user, form);
    return outcome.ok ? { error: null } : data({ error: outcome.error }, { status: outcome.status });
  },
});

/** /admin/users: every account and its staff roles, each a toggle. */
export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const revalidator = useRevalidator();
  return (
    <div className="admin-users">
      <h2>ユーザー管理</h2>
      {actionData?.error && (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      )}
      <table className="data-table">
        <thead>
          <tr>
            <th>お名前</th>
            <th>メールアドレス</th>
            {staffRoles.map((role) => (
              <th key={role}>{roleLabels[role]}</th>
            ))}
            <th>{sa.storesColumn}</th>
            <th>{sa.factorsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.accounts.map((account) => (
            <tr key={account.id}>
              <td>{account.name}</td>
              <td>{account.email}</td>
              {staffRoles.map((role) => {
                const has = account.roles.includes(role);
                const self = role === 'admin' && account.id === loaderData.me;
                return (
                  <td key={role}>
                    <Form method="post">
                      <input type="hidden" name="accountId" value={account.id} />
                      <input type="hidden" name="role" value={role} />
                      <input type="hidden" name="grant" value={has ? 'false' : 'true'} />
                      <button type="submit" className={has ? 'button' : 'button secondary'} disabled={busy || self} aria-pressed={has}>
                        {/* Named by its content (who and which role; pressed = granted), so the name holds what is seen. */}
                        <span aria-hidden="true">{has ? 'あり' : 'なし'}</span>
                        <span className="visually-hidden">{`${account.name}: ${roleLabels[role]}`}</span>
                      </button>
                    </Form>
                  </td>
                );
              })}
              <td data-testid="account-stores">{account.leftOn ? sa.leftOn(account.leftOn) : account.stores}</td>
              {/* Another account's factors only: an admin changes their own with their password (decision 540). */}
              <td>{account.id !== loaderData.me && !account.forgotten && <FactorReset account={account} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <StoreStaffSection accounts={loaderData.accounts} onChanged={() => void revalidator.revalidate()} />
    </div>
  );
}
