import { accountMigrations } from './accounts/migration';
import { accountsProjector } from './accounts/projector';
import { checkpointMigrations } from './checkpoints/migration';
import { businessHoursMigrations } from './business-hours/migration';
import { businessHoursProjector } from './business-hours/projector';
import { emailNoticeMigrations } from './email-notices/migration';
import { emailNoticesProjector } from './email-notices/projector';
import { homepageCardMigrations } from './homepage-cards/migration';
import { homepageCardsProjector } from './homepage-cards/projector';
import { menuMigrations } from './menus/migration';
import { menusProjector } from './menus/projector';
import { orderMigrations } from './orders/migration';
import { ordersProjector } from './orders/projector';
import { kitchenMigrations } from './kitchen/migration';
import { kitchenProjector } from './kitchen/projector';
import type { Projector, ReadModelMigrations } from './projector';
import { reservationMigrations } from './reservations/migration';
import { reservationsProjector } from './reservations/projector';
import { sameDaySettingsMigrations } from './same-day-settings/migration';
import { sameDaySettingsProjector } from './same-day-settings/projector';
import { seatMigrations } from './seats/migration';
import { seatsProjector } from './seats/projector';
import { stockMigrations } from './stock/migration';
import { stockProjector } from './stock/projector';
import { storeMigrations } from './stores/migration';
import { storesProjector } from './stores/projector';
import { checklistMigrations } from './checklists/migration';
import { checklistTasksProjector, checklistTicksProjector } from './checklists/projector';
import { purchasingMigrations } from './purchasing/migration';
import { purchasingProjector, supplierRevealsProjector } from './purchasing/projector';
import { shiftMigrations } from './shifts/migration';
import { recruitTimesProjector, shiftsProjector } from './shifts/projector';
import { staffGuideMigrations } from './staff-guides/migration';
import { staffGuidesProjector } from './staff-guides/projector';
import { storeStaffMigrations } from './store-staff/migration';
import { storeStaffProjector } from './store-staff/projector';
import { taxMigrations } from './tax/migration';
import { taxProjector } from './tax/projector';
// Cost management (decision 122)
import { costMigrations } from './costs/migration';
import { costLinesProjector } from './costs/projector';
// Admin history and database (decisions 140–142)
import { eventHistoryMigrations } from './event-history/migration';
import { eventHistoryProjector } from './event-history/projector';
// Site settings (decisions 130–135)
import { siteSettingsMigrations } from './site-settings/migration';
import { siteSettingsProjector } from './site-settings/projector';
// Receipts (decision 240)
import { receiptMigrations } from './receipts/migration';
import { receiptsProjector } from './receipts/projector';
// The daily close (decision 250)
import { registerMigrations } from './register/migration';
import { registerProjector } from './register/projector';
// The time clock (decisions 565–568)
import { attendanceMigrations } from './attendance/migration';
import { attendanceProjector, labourSettingsProjector } from './attendance/projector';

/**
 * Every read model of the product: its migrations and, unless it is bookkeeping, its projector.
 * The worker runs these projectors; `projections:rebuild` empties their tables and replays.
 * Add a read model here when you add its folder.
 */
export interface ReadModel {
  migrations: ReadModelMigrations;
  projector?: Projector;
}

export const readModels: ReadModel[] = [
  { migrations: checkpointMigrations },
  { migrations: accountMigrations, projector: accountsProjector },
  // Catalog (reference data edited in the admin area).
  { migrations: storeMigrations, projector: storesProjector },
  { migrations: seatMigrations, projector: seatsProjector },
  { migrations: menuMigrations, projector: menusProjector },
  { migrations: businessHoursMigrations, projector: businessHoursProjector },
  { migrations: sameDaySettingsMigrations, projector: sameDaySettingsProjector },
  { migrations: homepageCardMigrations, projector: homepageCardsProjector },
  { migrations: emailNoticeMigrations, projector: emailNoticesProjector },
  { migrations: reservationMigrations, projector: reservationsProjector },
  // Staff area (decisions 080–085): a folder's second projector comes with no migrations of its own.
  { migrations: storeStaffMigrations, projector: storeStaffProjector },
  { migrations: shiftMigrations, projector: shiftsProjector },
  { migrations: {}, projector: recruitTimesProjector },
  { migrations: checklistMigrations, projector: checklistTasksProjector },
  { migrations: {}, projector: checklistTicksProjector },
  { migrations: purchasingMigrations, projector: purchasingProjector },
  { migrations: {}, projector: supplierRevealsProjector },
  { migrations: staffGuideMigrations, projector: staffGuidesProjector },
  // The guest at the table: orders and payments, stock, the store's tax rule.
  { migrations: orderMigrations, projector: ordersProjector },
  // The kitchen ticket's parties and notes (decision 670).
  { migrations: kitchenMigrations, projector: kitchenProjector },
  { migrations: stockMigrations, projector: stockProjector },
  { migrations: taxMigrations, projector: taxProjector },
  // Cost management (decision 122): ingredient cost lines of menu items.
  { migrations: costMigrations, projector: costLinesProjector },
  // Admin history (decisions 140–142): the event log as the history screen browses it.
  { migrations: eventHistoryMigrations, projector: eventHistoryProjector },
  // Site settings (decisions 130–135): disclaimers, notification settings.
  { migrations: siteSettingsMigrations, projector: siteSettingsProjector },
  // Receipts (decision 240): every receipt issued, sales and cancellations.
  { migrations: receiptMigrations, projector: receiptsProjector },
  // The daily close (decision 250): closes and corrections of closed days.
  { migrations: registerMigrations, projector: registerProjector },
  // The time clock (decisions 565–568): clock records, their corrections, each store's labour settings.
  { migrations: attendanceMigrations, projector: attendanceProjector },
  { migrations: {}, projector: labourSettingsProjector },
];

export const readModelMigrations: ReadModelMigrations = Object.assign({}, ...readModels.map((m) => m.migrations));

export const projectors: Projector[] = readModels.flatMap((m) => (m.projector ? [m.projector] : []));
