/** Notices printed in reservation mails and on the confirm and cancel pages. */
export interface EmailNoticeTables {
  email_notices: {
    id: string;
    /** null: for every store. */
    store_id: string | null;
    title: string;
    content: string;
    is_active: boolean;
    display_order: number;
  };
}
