import type { DialogConfirmProps } from 'antd-mobile';
import { closeOnLeave } from '../../lib/screen-dialogs';

/**
 * antd-mobile's Dialog.confirm, closed (answered "no") when the investor leaves the screen that asked. The
 * dialog's code loads with the first question, not with every screen that may ask one.
 */
export async function confirmOnScreen(props: DialogConfirmProps): Promise<boolean> {
  let shown = false;
  let left = false;
  let clear = () => undefined as void;
  // Closed while it still animates in, antd-mobile's dialog can stay mounted, transparent, in the page's
  // accessibility tree: a screen left that early closes it as soon as it is in.
  closeOnLeave(() => {
    if (shown) clear();
    else left = true;
  });
  const { Dialog } = await import('./dialog');
  if (left) return false;
  clear = () => Dialog.clear();
  return Dialog.confirm({
    ...props,
    afterShow: () => {
      shown = true;
      props.afterShow?.();
      if (left) Dialog.clear();
    },
  });
}
