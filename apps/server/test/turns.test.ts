import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../src/platform/turns';

/** A piece of work that runs until the test lets it finish, and records when it started. */
function controlled(log: string[], name: string) {
  let finish!: (value: string) => void;
  let failWith!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    failWith = reject;
  });
  return {
    work: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: () => failWith(new Error(name)),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATime', () => {
  it('runs one piece of work at a time, in order of arrival', async () => {
    const inTurn = oneAtATime(5);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controlled(started, name));
    const answers = [a!, b!, c!].map((piece) => inTurn(piece.work));
    await settle();
    expect(started).toEqual(['a']);
    a!.finish();
    await settle();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    c!.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('refuses one more than may wait, and takes work again once a turn frees', async () => {
    const inTurn = oneAtATime(2);
    const started: string[] = [];
    const pieces = ['running', 'first', 'second'].map((name) => controlled(started, name));
    const answers = pieces.map((piece) => inTurn(piece.work));
    await expect(inTurn(async () => 'fourth')).rejects.toMatchObject({ errorCode: 'RATE_LIMITED' });
    pieces[0]!.finish();
    await settle();
    // One waiting place is free again.
    const later = inTurn(async () => 'later');
    for (const piece of pieces.slice(1)) piece.finish();
    expect(await Promise.all([...answers, later])).toEqual(['running', 'first', 'second', 'later']);
  });

  it('passes the turn on when the work fails', async () => {
    const inTurn = oneAtATime(1);
    const started: string[] = [];
    const [failing, next] = ['failing', 'next'].map((name) => controlled(started, name));
    const failed = inTurn(failing!.work);
    const answer = inTurn(next!.work);
    failing!.fail();
    await expect(failed).rejects.toThrow('failing');
    await settle();
    expect(started).toEqual(['failing', 'next']);
    next!.finish();
    expect(await answer).toBe('next');
    // Nothing is left busy: a fresh piece of work runs at once.
    expect(await inTurn(async () => 'fresh')).toBe('fresh');
  });
});
