/** Whether a store takes same-day reservations, and until when. One row per store. */
export interface SameDaySettingsTables {
  same_day_settings: {
    store_id: string;
    is_enabled: boolean;
    deadline_time: string | null;
  };
}
