/** The stock of each menu item that the kitchen's editor set (items never set are not counted). */
export interface StockTables {
  menu_stock: {
    menu_id: string;
    store_id: string;
    manage_stock: boolean;
    quantity: number;
    /** Staff's sold-out mark; a counted item at 0 is sold out whatever it says (queries.ts). */
    is_sold_out: boolean;
    updated_at: Date;
  };
}
