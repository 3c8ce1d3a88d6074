import { describe, expect, it } from 'vitest';
import { parseChannel, parseClientMessage } from './ws';

describe('realtime channel names', () => {
  it('name the public and private channels, and nothing else', () => {
    expect(parseChannel('quote:7203')).toEqual({ kind: 'quote', code: '7203' });
    expect(parseChannel('board:130A')).toEqual({ kind: 'board', code: '130A' });
    expect(parseChannel('status')).toEqual({ kind: 'status' });
    expect(parseChannel('balances')).toEqual({ kind: 'balances' });
    for (const name of [
      'quote:72030',
      'quote:7203:x',
      'quote:',
      'quote:72o3',
      'trades',
      'auth',
      'error',
      'Balances',
    ])
      expect(parseChannel(name)).toBeNull();
  });
});

describe('client frames', () => {
  it('are read into operations, or the catalogue code of their refusal', () => {
    expect(parseClientMessage('{"op":"auth","token":"t"}')).toEqual({
      ok: true,
      message: { op: 'auth', token: 't' },
    });
    expect(parseClientMessage('{"op":"subscribe","channels":["status"]}')).toEqual({
      ok: true,
      message: { op: 'subscribe', channels: ['status'] },
    });
    expect(parseClientMessage('{"op":"ping","extra":1}')).toEqual({ ok: true, message: { op: 'ping' } });
    expect(parseClientMessage('nope')).toEqual({ ok: false, errorCode: 'BAD_JSON' });
    expect(parseClientMessage('null')).toEqual({ ok: false, errorCode: 'BAD_JSON' });
    expect(parseClientMessage('"auth"')).toEqual({ ok: false, errorCode: 'BAD_JSON' });
    expect(parseClientMessage('{"op":"auth","token":""}')).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    expect(parseClientMessage(`{"op":"auth","token":"${'x'.repeat(201)}"}`)).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
    });
    expect(parseClientMessage('{"op":"unsubscribe","channels":[1]}')).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      op: 'unsubscribe',
    });
    expect(parseClientMessage('{"op":42}')).toEqual({ ok: false, errorCode: 'WS_OP_UNKNOWN' });
    expect(parseClientMessage('{}')).toEqual({ ok: false, errorCode: 'WS_OP_UNKNOWN' });
  });
});
