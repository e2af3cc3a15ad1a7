/**
 * Whether a page brings its own compact bar instead of the public site's header and footer
 * (decision 187). Kept apart from area-settings.ts, which holds every area's menu texts: the root
 * layout asks this on every page, and a guest's first visit need not load the staff menus
 * (decision 438).
 */

/**
 * What a staff-frame layout route exports as its `handle`: the root layout then leaves out the
 * public site's header and footer (the area's own bar takes their place).
 */
export const staffFrameHandle = { staffFrame: true } as const;

/** True when a matched route asks for the staff frame. */
export function wantsStaffFrame(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { staffFrame?: unknown }).staffFrame === true;
}
