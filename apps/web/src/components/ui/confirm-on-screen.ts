import { Dialog, type DialogConfirmProps } from 'antd-mobile';
import { closeOnLeave } from '../../lib/screen-dialogs';

/** antd-mobile's Dialog.confirm, closed (answered "no") when the investor leaves the screen that asked. */
export function confirmOnScreen(props: DialogConfirmProps): Promise<boolean> {
  closeOnLeave(Dialog.clear);
  return Dialog.confirm(props);
}
