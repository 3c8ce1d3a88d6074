/**
 * Web storage access that never throws (private mode, quota) and reads absent values as ''. `local` outlives
 * the tab; `session` ends with it.
 */
type Area = 'local' | 'session';

const storage = (area: Area) => (area === 'session' ? sessionStorage : localStorage);

export function readString(key: string, area: Area = 'local'): string {
  try {
    return storage(area).getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeString(key: string, value: string, area: Area = 'local'): void {
  try {
    storage(area).setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}

export function removeKey(key: string, area: Area = 'local'): void {
  try {
    storage(area).removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
