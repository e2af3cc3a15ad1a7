/**
 * Margins from menu prices, ingredient cost lines and the orders of a day (pure; decision 122).
 * Amounts are yen before tax: an order line's unit price as it was ordered, a menu item's cost as
 * its cost lines say now. Costs keep their fractions until shown.
 */
export interface CostLineInput {
  menu_id: string;
  quantity: number;
  unit_cost: number;
}

export interface MenuPrice {
  id: string;
  name: string;
  price: number;
}

export interface OrderedLine {
  menu_id: string;
  menu_name: string;
  quantity: number;
  price: number;
}

export interface ItemMargin {
  menu_id: string;
  name: string;
  price: number;
  /** Sum of quantity × unit cost; null when the item has no cost lines. */
  cost: number | null;
  margin: number | null;
  /** Margin as a percentage of the price, one decimal; null without cost lines or price. */
  margin_percent: number | null;
}

export interface DayMarginLine {
  menu_id: string;
  menu_name: string;
  quantity: number;
  sales: number;
  cost: number | null;
  margin: number | null;
}

export interface DayMargin {
  lines: DayMarginLine[];
  sales: number;
  /** Cost of the lines whose items have cost lines. */
  cost: number;
  /** Sales minus cost, over the lines with known cost. */
  margin: number;
  /** Sales of items with no cost lines (their margin is unknown). */
  uncosted_sales: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function costsByMenu(lines: readonly CostLineInput[]): Map<string, number> {
  const costs = new Map<string, number>();
  for (const l of lines) costs.set(l.menu_id, (costs.get(l.menu_id) ?? 0) + l.quantity * l.unit_cost);
  for (const [id, cost] of costs) costs.set(id, round2(cost));
  return costs;
}

export function itemMargins(menus: readonly MenuPrice[], lines: readonly CostLineInput[]): ItemMargin[] {
  const costs = costsByMenu(lines);
  return menus.map((m) => {
    const cost = costs.get(m.id) ?? null;
    const margin = cost === null ? null : round2(m.price - cost);
    return {
      menu_id: m.id,
      name: m.name,
      price: m.price,
      cost,
      margin,
      margin_percent: margin === null || m.price === 0 ? null : Math.round((margin / m.price) * 1000) / 10,
    };
  });
}

export function dayMargin(ordered: readonly OrderedLine[], lines: readonly CostLineInput[]): DayMargin {
  const costs = costsByMenu(lines);
  const byMenu = new Map<string, DayMarginLine>();
  for (const o of ordered) {
    const line = byMenu.get(o.menu_id) ?? { menu_id: o.menu_id, menu_name: o.menu_name, quantity: 0, sales: 0, cost: null, margin: null };
    line.quantity += o.quantity;
    line.sales += o.quantity * o.price;
    byMenu.set(o.menu_id, line);
  }
  const result: DayMargin = { lines: [], sales: 0, cost: 0, margin: 0, uncosted_sales: 0 };
  for (const line of byMenu.values()) {
    const unit = costs.get(line.menu_id);
    if (unit !== undefined) {
      line.cost = round2(unit * line.quantity);
      line.margin = round2(line.sales - line.cost);
      result.cost += line.cost;
      result.margin += line.margin;
    } else result.uncosted_sales += line.sales;
    result.sales += line.sales;
    result.lines.push(line);
  }
  result.cost = round2(result.cost);
  result.margin = round2(result.margin);
  result.lines.sort((a, b) => b.sales - a.sales || a.menu_id.localeCompare(b.menu_id));
  return result;
}
