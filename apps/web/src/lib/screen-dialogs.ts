/**
 * Confirmation dialogs belong to the screen that asked: leaving it (Back, a tab, a link) closes them, so a
 * 「削除」 left open can never act on a screen the investor is no longer looking at. The dialogs' code (antd-mobile)
 * loads with the screens that ask; this module only holds how to close them, so the app's start stays small.
 */
let closeOpenDialogs: (() => void) | null = null;

/** Called by `confirmOnScreen` when it opens a dialog. */
export function closeOnLeave(close: () => void): void {
  closeOpenDialogs = close;
}

/** Called when the location changes. */
export function leaveScreen(): void {
  closeOpenDialogs?.();
  closeOpenDialogs = null;
}
