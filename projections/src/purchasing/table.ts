/** Purchasing information: order rules, suppliers (password sealed), purchase items, and who revealed a password. */
export interface PurchasingTables {
  order_rules: { id: string; store_id: string; rule_content: string; display_order: number };
  suppliers: {
    id: string;
    store_id: string;
    supplier_name: string;
    login_id: string | null;
    /** AES-256-GCM sealed (decision 083); never answered by a list call. */
    password_sealed: string | null;
    display_order: number;
  };
  purchase_items: {
    id: string;
    store_id: string;
    supplier: string;
    product_name: string;
    purchase_url: string | null;
    notes: string;
    display_order: number;
  };
  supplier_password_reveals: { id: string; supplier_id: string; revealed_by: string; revealed_at: Date };
}
