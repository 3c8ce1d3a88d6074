import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openLayer, releaseTopLayer, type OpenLayer } from './layers';

/** A browser's session history as far as the layers use it: entries, pushState, and go() that lands later. */
class FakeHistory {
  entries: unknown[] = [{ idx: 0 }];
  index = 0;
  constructor(private readonly target: EventTarget) {}
  get state(): unknown {
    return this.entries[this.index];
  }
  pushState(state: unknown): void {
    this.entries.splice(this.index + 1, Infinity, state);
    this.index += 1;
  }
  /** Moves under way: a test waits until none is left, however slow the machine. */
  moving = 0;
  go(delta: number): void {
    this.moving += 1;
    setTimeout(() => {
      this.moving -= 1;
      this.index = Math.max(0, Math.min(this.entries.length - 1, this.index + delta));
      this.target.dispatchEvent(new Event('popstate'));
    }, 0);
  }
}

const win = new EventTarget() as EventTarget & { history: FakeHistory };
win.history = new FakeHistory(win);
/** Until the browser has landed and what that set off is done (a landing may start another move). */
const settled = async () => {
  for (let turn = 0; turn < 3 || win.history.moving > 0; turn += 1)
    await new Promise((resolve) => setTimeout(resolve, 0));
};
/** The investor's Back, and the time for the browser to land. */
const pressBack = async () => {
  win.history.go(-1);
  await settled();
};

function press(key: string, isComposing = false): Event {
  const event = Object.assign(new Event('keydown', { cancelable: true }), { key, isComposing });
  document.dispatchEvent(event);
  return event;
}

describe('layers', () => {
  beforeAll(() => {
    Object.assign(globalThis, { window: win, document: new EventTarget() });
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
    delete (globalThis as { document?: unknown }).document;
  });
  const open: OpenLayer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((layer) => layer.release()));
    await settled();
    win.history.entries = [{ idx: 0 }];
    win.history.index = 0;
  });
  const layer = (closed: string[], name: string, back?: boolean) => {
    const opened = openLayer(() => closed.push(name), back === undefined ? {} : { back });
    open.push(opened);
    return opened;
  };

  it('Escape closes only the layer on top, then the one under it; other keys and an IME composition do not', async () => {
    const closed: string[] = [];
    const sheet = layer(closed, 'sheet');
    const confirmation = layer(closed, 'confirmation');
    press('Enter');
    press('Escape', true);
    expect(closed).toEqual([]);
    expect(press('Escape').defaultPrevented).toBe(true);
    expect(closed).toEqual(['confirmation']);
    await confirmation.release();
    press('Escape');
    expect(closed).toEqual(['confirmation', 'sheet']);
    await sheet.release();
    expect(press('Escape').defaultPrevented).toBe(false);
  });

  it('Back closes the layer on top and stays on the screen; the next Back closes the one under it', async () => {
    const closed: string[] = [];
    layer(closed, 'sheet');
    layer(closed, 'confirmation');
    await settled();
    expect(win.history.index).toBe(2);
    expect(win.history.state).toMatchObject({ idx: 0 });
    await pressBack();
    expect(closed).toEqual(['confirmation']);
    await pressBack();
    expect(closed).toEqual(['confirmation', 'sheet']);
    // The screen's own entry: a Back from here leaves the screen, and closes nothing more.
    expect(win.history.index).toBe(0);
  });

  it('a layer closed by its own button takes its entry off, so Back then leaves the screen', async () => {
    const closed: string[] = [];
    const sheet = layer(closed, 'sheet');
    await settled();
    expect(win.history.index).toBe(1);
    await sheet.release();
    expect(win.history.index).toBe(0);
    expect(closed).toEqual([]);
  });

  it('released before navigating, the top layer leaves the one under it with its entry, and its own release is then a no-op', async () => {
    const closed: string[] = [];
    layer(closed, 'sheet');
    const confirmation = layer(closed, 'confirmation');
    await settled();
    await releaseTopLayer();
    expect(win.history.index).toBe(1);
    await confirmation.release();
    expect(win.history.index).toBe(1);
    await pressBack();
    expect(closed).toEqual(['sheet']);
  });

  it('a page’s own frame holds no entry: Escape closes it, Back leaves it to the page', async () => {
    const closed: string[] = [];
    layer(closed, 'order page', false);
    await settled();
    expect(win.history.index).toBe(0);
    press('Escape');
    expect(closed).toEqual(['order page']);
    win.history.pushState({ idx: 1 });
    await pressBack();
    expect(closed).toEqual(['order page']);
  });

  it('a layer left open by a navigation pops nothing when it goes: the new screen’s entry stays', async () => {
    const closed: string[] = [];
    const sheet = layer(closed, 'sheet');
    await settled();
    win.history.pushState({ idx: 1 });
    await sheet.release();
    await settled();
    expect(win.history.index).toBe(2);
    expect(win.history.state).toEqual({ idx: 1 });
  });

  it('Forward onto a closed dialog’s entry goes back past it: a confirmation opened after closes with one Back', async () => {
    const closed: string[] = [];
    layer(closed, 'sheet');
    layer(closed, 'confirmation');
    await settled();
    await pressBack();
    expect(closed).toEqual(['confirmation']);
    win.history.go(1);
    await settled();
    // Nothing reopens on Forward, and the entry it reached is left behind at once.
    expect(win.history.index).toBe(1);
    layer(closed, 'second confirmation');
    await settled();
    await pressBack();
    expect(closed).toEqual(['confirmation', 'second confirmation']);
    await pressBack();
    expect(closed).toEqual(['confirmation', 'second confirmation', 'sheet']);
    expect(win.history.index).toBe(0);
  });

  it('Back onto an entry a navigation left behind goes on to the screen’s own entry in the same press', async () => {
    const closed: string[] = [];
    const sheet = layer(closed, 'sheet');
    await settled();
    // The next screen, opened while the sheet was still up; the sheet went with its screen.
    win.history.pushState({ idx: 1 });
    await sheet.release();
    await pressBack();
    await settled();
    expect(win.history.index).toBe(0);
    expect(win.history.state).toEqual({ idx: 0 });
  });

  it('a layer opened while another’s entry is being taken off gets its own entry after, and Back closes it', async () => {
    const closed: string[] = [];
    const first = layer(closed, 'first');
    await settled();
    void first.release();
    layer(closed, 'second');
    await settled();
    // In place of the first's entry, not after it.
    expect(win.history.entries).toHaveLength(2);
    expect(win.history.index).toBe(1);
    await pressBack();
    expect(closed).toEqual(['second']);
    expect(win.history.index).toBe(0);
  });
});
