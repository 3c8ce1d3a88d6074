import type { DialogConfirmProps } from 'antd-mobile';
import { openLayer } from '../../lib/layers';
import { closeOnLeave } from '../../lib/screen-dialogs';

/**
 * antd-mobile's Dialog.confirm, answered "no" when Escape or the phone's Back closes it (the screen stays) or
 * when the investor leaves the screen that asked. The dialog's code loads with the first question, not with
 * every screen that may ask one. With `untilClosed`
 * the answer comes once the dialog has finished closing, for a caller that opens another sheet (a step-up)
 * next and must not lay it over the fading dialog.
 */
export async function confirmOnScreen(
  props: DialogConfirmProps,
  { untilClosed = false }: { untilClosed?: boolean } = {},
): Promise<boolean> {
  if (untilClosed) {
    let closed = () => undefined as void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const answer = await confirmOnScreen({
      ...props,
      afterClose: () => {
        props.afterClose?.();
        closed();
      },
    });
    // A cleared dialog may not report its end: never wait longer than its closing animation.
    window.setTimeout(closed, 600);
    await gone;
    return answer;
  }
  let shown = false;
  let dismissed = false;
  let clear = () => undefined as void;
  // Closed while it still animates in, antd-mobile's dialog can stay mounted, transparent, in the page's
  // accessibility tree (its buttons still reachable by keyboard): a question dismissed that early (its screen
  // left, Escape, Back) is closed as soon as it is in.
  const dismiss = () => {
    if (shown) clear();
    else dismissed = true;
  };
  closeOnLeave(dismiss);
  // Escape and the phone's Back answer "no", as Cancel does; from the moment it is asked, so that a Back while its
  // code loads answers it instead of closing what is under it.
  const layer = openLayer(dismiss);
  try {
    const { Dialog } = await import('./dialog');
    if (dismissed) return false;
    clear = () => Dialog.clear();
    const answer = await Dialog.confirm({
      ...props,
      afterShow: () => {
        shown = true;
        props.afterShow?.();
        if (dismissed) Dialog.clear();
      },
    });
    return answer && !dismissed;
  } finally {
    // Before the answer: a caller that navigates on "yes" must not have its screen's entry popped after.
    await layer.release();
  }
}
