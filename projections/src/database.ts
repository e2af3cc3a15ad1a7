/**
 * The read-model schema as kysely sees it: one interface per read model folder, merged here.
 * Each folder owns its tables, migration, projector and queries.
 */
import type { AccountTables } from './accounts/table';
import type { BusinessHoursTables } from './business-hours/table';
import type { CheckpointTables } from './checkpoints/table';
import type { EmailNoticeTables } from './email-notices/table';
import type { HomepageCardTables } from './homepage-cards/table';
import type { MenuTables } from './menus/table';
import type { OrderTables } from './orders/table';
import type { KitchenTables } from './kitchen/table';
import type { ReservationTables } from './reservations/table';
import type { SameDaySettingsTables } from './same-day-settings/table';
import type { SeatTables } from './seats/table';
import type { StockTables } from './stock/table';
import type { StoreTables } from './stores/table';
import type { ChecklistTables } from './checklists/table';
import type { PurchasingTables } from './purchasing/table';
import type { ShiftTables } from './shifts/table';
import type { StaffGuideTables } from './staff-guides/table';
import type { StoreStaffTables } from './store-staff/table';
import type { TaxTables } from './tax/table';
import type { CostTables } from './costs/table';
// Admin history (decisions 140–142)
import type { EventHistoryTables } from './event-history/table';
// Site settings (decisions 130–135)
import type { SiteSettingsTables } from './site-settings/table';
// Receipts (decision 240)
import type { ReceiptTables } from './receipts/table';
// The daily close (decision 250)
import type { RegisterTables } from './register/table';
// The time clock (decisions 565–568)
import type { AttendanceTables } from './attendance/table';

export type Database = CheckpointTables &
  AccountTables &
  StoreTables &
  SeatTables &
  MenuTables &
  BusinessHoursTables &
  SameDaySettingsTables &
  HomepageCardTables &
  EmailNoticeTables &
  ReservationTables &
  StoreStaffTables &
  ShiftTables &
  ChecklistTables &
  PurchasingTables &
  StaffGuideTables &
  OrderTables &
  KitchenTables &
  StockTables &
  TaxTables &
  CostTables &
  // Admin history (decisions 140–142)
  EventHistoryTables &
  SiteSettingsTables &
  RegisterTables &
  ReceiptTables &
  AttendanceTables;
