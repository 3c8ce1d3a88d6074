import { describe, expect, it } from 'vitest';
import { hashPath } from './first-screen';

describe('hashPath', () => {
  it('reads the route path from the hash, without its query', () => {
    expect(hashPath('#/pages/index/index')).toBe('/pages/index/index');
    expect(hashPath('#/subPackages/login/login?from=x')).toBe('/subPackages/login/login');
  });

  it('is the startup path without a hash', () => {
    expect(hashPath('')).toBe('/');
    expect(hashPath('#')).toBe('/');
  });
});
