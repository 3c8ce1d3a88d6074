/** How many frames a refusal's message is waited for: one the server sent is drawn a few frames after its answer. */
const FRAMES_TO_WAIT = 10;

/**
 * Brings the form's first refused field, or its message for the whole form (FormAlert), into view once it has
 * been drawn. A form whose button stays at the foot of the screen (`.kb-actions-sticky`) can refuse a field far
 * below the fold or behind that button, and a tap that seems to do nothing is tapped again or given up on. The
 * field is not focused: a field being edited hides its message (useCheckedFields) until it is left.
 */
export function revealFirstError(form: HTMLElement | null, frames = FRAMES_TO_WAIT): void {
  if (!form || frames === 0) return;
  window.requestAnimationFrame(() => {
    const error = form.querySelector('.kb-field-error, .kb-form-alert');
    if (!error) return revealFirstError(form, frames - 1);
    (error.closest('.adm-list-item') ?? error).scrollIntoView({ block: 'nearest' });
  });
}
