/**
 * The lockout rule, one for investors, staff and trusted devices: LOGIN_MAX_FAILURES wrong passwords in a
 * row lock for LOGIN_LOCK_MINUTES. Sessions already open are left alone, so guesses from elsewhere never
 * sign anyone out.
 */
export interface Lockable {
  failed_logins: number;
  locked_until: Date | string | null;
}

export interface LockPolicy {
  loginMaxFailures: number;
  loginLockMinutes: number;
}

/** Whole minutes left of a lock (at least 1), or null when not locked. */
export function lockedMinutes(gate: Lockable, now: Date): number | null {
  if (gate.locked_until === null) return null;
  const left = new Date(gate.locked_until).getTime() - now.getTime();
  return left > 0 ? Math.max(1, Math.ceil(left / 60_000)) : null;
}

/** The counter after one more wrong password, and whether that failure locked it. */
export function afterFailure(gate: Lockable, now: Date, policy: LockPolicy) {
  const failures = gate.failed_logins + 1;
  if (failures < policy.loginMaxFailures) return { failed_logins: failures, locked: false as const };
  return {
    failed_logins: 0,
    locked_until: new Date(now.getTime() + policy.loginLockMinutes * 60_000),
    locked: true as const,
  };
}

export const AFTER_SUCCESS = { failed_logins: 0, locked_until: null } as const;
