/** Ingredient cost lines of menu items (cost management, decision 122). */
export interface CostTables {
  cost_lines: {
    id: string;
    store_id: string;
    menu_id: string;
    name: string;
    quantity: number;
    unit: string;
    /** Yen per unit. */
    unit_cost: number;
    display_order: number;
  };
}
