import type { ColumnType } from 'kysely';

/** Accounts as the admin's user list sees them. Never a password or its hash. */
export interface AccountTables {
  accounts: {
    account_id: string;
    name: string;
    email: string;
    /** Staff roles (admin, monitor, staff), kept sorted. */
    roles: ColumnType<string[], string, string>;
    /** Whether the account can sign in with a password (false: OIDC only). */
    has_password: boolean;
    registered_at: Date;
    /** The store last chosen in an operations area (StoreChosen, decision 576). */
    chosen_store_id: ColumnType<string | null, string | null | undefined, string | null>;
    /** When an admin removed the staff member (StaffRemoved, decision 620). */
    left_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** Whether the removed staff member was forgotten: `name` is then their pseudonym. */
    forgotten: ColumnType<boolean, boolean | undefined, boolean>;
  };
}
