import type { ColumnType } from 'kysely';

type GuideSteps = ColumnType<{ text: string; photos: string[] }[], string, string>;

/** Recipes and serve methods; steps and photos are jsonb (photo ids in the blob store), written as JSON text. */
export interface StaffGuideTables {
  recipes: {
    id: string;
    store_id: string;
    name: string;
    cooking_time: number | null;
    ingredients: string;
    notes: string;
    photos: ColumnType<string[], string, string>;
    steps: GuideSteps;
    display_order: number;
  };
  serve_methods: {
    id: string;
    store_id: string;
    menu_id: string;
    title: string;
    steps: GuideSteps;
    display_order: number;
  };
}
