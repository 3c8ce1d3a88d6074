import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decimalToSen,
  fieldOrderOf,
  firstError,
  formatYen,
  maskMobile,
  normalizeMobile,
  registerRequest,
  roleCan,
  senToDecimal,
} from './index';

describe('normalizeMobile', () => {
  it.each([
    ['09012345678', '09012345678'],
    ['090-1234-5678', '09012345678'],
    ['080 1234 5678', '08012345678'],
    ['+81 70-1234-5678', '07012345678'],
    ['+819012345678', '09012345678'],
  ])('accepts %s', (input, expected) => expect(normalizeMobile(input)).toBe(expected));

  it.each(['0312345678', '06012345678', '0901234567', '090123456789', 'abc', '', '+1 9012345678'])(
    'rejects %s',
    (input) => expect(normalizeMobile(input)).toBeNull(),
  );
});

describe('maskMobile', () => {
  it('replaces characters 4 to 7 with stars', () => expect(maskMobile('09000000001')).toBe('090****0001'));
  it('keeps the length', () =>
    fc.assert(fc.property(fc.stringMatching(/^0[789]0\d{8}$/), (m) => maskMobile(m).length === m.length)));
});

describe('money', () => {
  it('writes sen as a two-decimal string', () => {
    expect(senToDecimal(0n)).toBe('0.00');
    expect(senToDecimal(5n)).toBe('0.05');
    expect(senToDecimal(123456789n)).toBe('1234567.89');
    expect(senToDecimal(-150n)).toBe('-1.50');
  });
  it('round-trips every amount exactly', () =>
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        (sen) => decimalToSen(senToDecimal(sen)) === sen,
      ),
    ));
  it('rejects more than two decimals and junk', () => {
    expect(decimalToSen('1.234')).toBeNull();
    expect(decimalToSen('1e5')).toBeNull();
    expect(decimalToSen('12.5')).toBe(1250n);
  });
  it('formats with thousands separators', () => {
    expect(formatYen('1234567.8')).toBe('1,234,567.80');
    expect(formatYen('-1000.00')).toBe('-1,000.00');
    expect(formatYen('999.99')).toBe('999.99');
  });
});

describe('firstError', () => {
  const order = fieldOrderOf(registerRequest);
  const parse = (value: unknown) => {
    const result = registerRequest.safeParse(value);
    return result.success ? null : firstError(result.error.issues, order);
  };

  it('reports fields in form order, the mismatch on the confirmation field', () => {
    expect(
      parse({ mobile: '1', password: '', confirmPassword: '', inviteCode: '', smsCode: '' })?.errorCode,
    ).toBe('MOBILE_INVALID');
    expect(
      parse({ mobile: '09012345678', password: 'abc', confirmPassword: '', inviteCode: '', smsCode: '' })
        ?.errorCode,
    ).toBe('PASSWORD_LENGTH');
    expect(
      parse({
        mobile: '09012345678',
        password: 'abcdef',
        confirmPassword: 'abcdeX',
        inviteCode: '',
        smsCode: '',
      })?.errorCode,
    ).toBe('PASSWORDS_MISMATCH');
    expect(
      parse({
        mobile: '09012345678',
        password: 'abcdef',
        confirmPassword: 'abcdef',
        inviteCode: '',
        smsCode: '',
      })?.errorCode,
    ).toBe('INVITE_CODE_REQUIRED');
  });

  it('puts unknown fields first', () => {
    expect(parse({ mobile: '', extra: 1 })).toMatchObject({
      errorCode: 'UNKNOWN_FIELD',
      params: { field: 'extra' },
    });
  });

  it('maps a wrong type to the field message', () => {
    expect(parse({ mobile: 9012345678 })?.errorCode).toBe('MOBILE_REQUIRED');
  });
});

describe('roles', () => {
  it('gives admin everything, and support neither freezing nor SMS codes', () => {
    expect(roleCan('admin', 'users.freeze')).toBe(true);
    expect(roleCan('support', 'users.freeze')).toBe(false);
    expect(roleCan('support', 'sms.read')).toBe(false);
    expect(roleCan('compliance', 'sms.read')).toBe(true);
    expect(roleCan('dealer', 'audit.read')).toBe(false);
  });
});
