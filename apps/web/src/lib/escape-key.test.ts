import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeOnEscape } from './escape-key';

function press(key: string, isComposing = false): Event {
  const event = Object.assign(new Event('keydown', { cancelable: true }), { key, isComposing });
  document.dispatchEvent(event);
  return event;
}

describe('closeOnEscape', () => {
  beforeEach(() => {
    (globalThis as { document?: unknown }).document = new EventTarget();
  });
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('closes only the layer on top, then the one under it', () => {
    const closed: string[] = [];
    const releasePanel = closeOnEscape(() => closed.push('panel'));
    const releaseConfirmation = closeOnEscape(() => closed.push('confirmation'));
    expect(press('Escape').defaultPrevented).toBe(true);
    expect(closed).toEqual(['confirmation']);
    releaseConfirmation();
    press('Escape');
    expect(closed).toEqual(['confirmation', 'panel']);
    releasePanel();
    expect(press('Escape').defaultPrevented).toBe(false);
    expect(closed).toEqual(['confirmation', 'panel']);
  });

  it('ignores other keys and the Escape that ends an IME composition', () => {
    const closed: string[] = [];
    const release = closeOnEscape(() => closed.push('sheet'));
    press('Enter');
    press('Escape', true);
    expect(closed).toEqual([]);
    release();
  });

  it('a layer released out of order leaves the others in place', () => {
    const closed: string[] = [];
    const releaseFirst = closeOnEscape(() => closed.push('first'));
    const releaseSecond = closeOnEscape(() => closed.push('second'));
    releaseFirst();
    press('Escape');
    expect(closed).toEqual(['second']);
    releaseSecond();
  });
});
