import { describe, expect, it } from 'vitest';
import { messageBodyPart } from './message-parts';

describe('messageBodyPart', () => {
  it('is the body when every parameter the kind has gained is there', () => {
    expect(messageBodyPart('position_closed', { code: '7203', closedBy: 'user' })).toBe('body');
    expect(messageBodyPart('deposit_credited', { amount: '1.00' })).toBe('body');
  });

  it("is the older rows' text when the parameter they were stored without is absent", () => {
    expect(messageBodyPart('margin_call', { ratio: '20.00' })).toBe('bodyWithoutAmount');
    expect(messageBodyPart('position_closed', { code: '7203' })).toBe('bodyWithoutClosedBy');
  });

  it("is a case's own text when its parameter is present", () => {
    expect(messageBodyPart('position_closed', { closedBy: 'user', remainingLots: '2' })).toBe('bodyPartial');
  });
});
