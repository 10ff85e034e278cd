import { BOOT_FRAME_ID } from '../contracts/route-preloads';

/**
 * Removes the frame the server painted for a signed-in screen before the scripts ran
 * (server/lib/boot-frame.ts): done in the commit that paints the app's own, so the title never
 * blinks, and at once when no user is stored (the visitor is on the way to the sign-in page) or
 * the app fails to start.
 */
export function removeBootFrame(doc: Document = document): void {
  doc.getElementById(BOOT_FRAME_ID)?.remove();
}

/** Whether the server painted the frame: the page opened is a signed-in screen. */
export function hasBootFrame(doc: Document = document): boolean {
  return doc.getElementById(BOOT_FRAME_ID) !== null;
}
