import { z } from 'zod';

/** A menu item as GET /api/admin/menu answers it; the public menu reads these fields only. */
export const publicMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().default(''),
  price: z.number(),
  image_url: z.string().nullable().default(null),
  category: z.string().nullable().default(null),
  show_on_menu: z.boolean(),
});
export type PublicMenuItem = z.infer<typeof publicMenuItemSchema>;

export const menuAnswerSchema = z.array(publicMenuItemSchema);
