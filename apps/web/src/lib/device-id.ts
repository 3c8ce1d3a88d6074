import { readString, writeString } from './storage';

const KEY = 'deviceId';

/** A per-browser id (timestamp plus random), generated once and kept, so sessions can be told apart. */
export function deviceId(): string {
  const stored = readString(KEY);
  if (stored) return stored;
  const generated = `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  writeString(KEY, generated);
  return generated;
}
