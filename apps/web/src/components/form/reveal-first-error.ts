/**
 * Brings the form's first refused field into view once its message has been drawn. A form whose button stays at
 * the foot of the screen (`.kb-actions-sticky`) can refuse a field far below the fold or behind that button, and
 * a tap that seems to do nothing is tapped again or given up on. The field is not focused: a field being edited
 * hides its message (useCheckedFields) until it is left.
 */
export function revealFirstError(form: HTMLElement): void {
  window.requestAnimationFrame(() => {
    const field = form.querySelector('.kb-field-error')?.closest('.adm-list-item');
    field?.scrollIntoView({ block: 'nearest' });
  });
}
