import type { AreaLayoutProps } from './area-layout';
import { adminMenu, areaTexts, kitchenMenu, monitorMenu, staffMenu } from './texts';

type AreaSettings = Omit<AreaLayoutProps, 'stores' | 'userName' | 'areas' | 'openingStoreId' | 'children'>;

/** How each operations area behaves, side by side; each area's layout route hands its own to AreaLayout. */
export const areaSettings = {
  /** The admin menu; every sub-path needs a saved admin store, else back to /admin (spec). */
  admin: {
    base: '/admin',
    title: areaTexts.adminTitle,
    menu: adminMenu,
    storeKey: 'adminStoreId',
    toastOnLockedLink: false,
    redirectWithoutStore: true,
    frame: 'sidebar',
  },
  /** Sidebar links other than home wait for a store choice (kept as adminStoreId). */
  monitor: {
    base: '/monitor',
    title: areaTexts.monitorTitle,
    menu: monitorMenu,
    storeKey: 'adminStoreId',
    toastOnLockedLink: false,
    redirectWithoutStore: false,
    frame: 'bar',
    tablet: true,
  },
  /**
   * Sidebar links other than home wait for a store (kept as staffStoreId); clicking one shows
   * the 2 s toast, and a screen opened without a store goes back to /staff (spec).
   */
  staff: {
    base: '/staff',
    title: areaTexts.staffTitle,
    menu: staffMenu,
    storeKey: 'staffStoreId',
    toastOnLockedLink: true,
    redirectWithoutStore: true,
    frame: 'bar',
  },
  /** Order list, history and stock for the kitchen; no store choice. */
  kitchen: {
    base: '/kitchen',
    title: areaTexts.kitchenTitle,
    menu: kitchenMenu,
    storeKey: null,
    toastOnLockedLink: false,
    redirectWithoutStore: false,
    frame: 'bar',
    tablet: true,
  },
} as const satisfies Record<string, AreaSettings>;
