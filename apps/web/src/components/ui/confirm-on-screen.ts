import { Dialog, type DialogConfirmProps } from 'antd-mobile';
import { closeOnLeave } from '../../lib/screen-dialogs';

/** antd-mobile's Dialog.confirm, closed (answered "no") when the investor leaves the screen that asked. */
export function confirmOnScreen(props: DialogConfirmProps): Promise<boolean> {
  let shown = false;
  let left = false;
  // Closed while it still animates in, antd-mobile's dialog can stay mounted, transparent, in the page's
  // accessibility tree: a screen left that early closes it as soon as it is in.
  closeOnLeave(() => {
    if (shown) Dialog.clear();
    else left = true;
  });
  return Dialog.confirm({
    ...props,
    afterShow: () => {
      shown = true;
      props.afterShow?.();
      if (left) Dialog.clear();
    },
  });
}
