import type { ColumnType } from 'kysely';
import type { ReportedCorrection } from '@moncafe/domain/register/events';
import type { DayFigures } from '@moncafe/domain/register/figures';

/** jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** The daily closes (日計) and the corrections of closed days, from the `register-{storeId}` streams (decision 250). */
export interface RegisterTables {
  daily_closes: {
    /** `{storeId}~{businessDate}`. */
    id: string;
    store_id: string;
    business_date: string;
    /** The figures as closed. */
    figures: Json<DayFigures>;
    /** What the day counts now: the close's figures, or its last correction's. */
    counted: Json<DayFigures>;
    cash_expected: number;
    cash_counted: number;
    cash_difference: number;
    note: string;
    /** Corrections of earlier days recorded since the previous close, shown in this one. */
    corrections: Json<ReportedCorrection[]>;
    closed_by: string;
    closed_at: Date;
  };
  /** Each void of an order line or a whole order (decision 283), on the Tokyo day it was made. */
  register_voids: {
    /** The void event's id. */
    void_id: string;
    store_id: string;
    business_date: string;
    order_id: string;
    reason: string;
    quantity: number;
    /** What the voided lines cost (price × quantity, before tax). */
    amount: number;
    voided_at: Date;
  };
  register_corrections: {
    correction_id: string;
    store_id: string;
    business_date: string;
    reason: string;
    total_before: number;
    total_after: number;
    corrected_by: string;
    corrected_at: Date;
  };
}
