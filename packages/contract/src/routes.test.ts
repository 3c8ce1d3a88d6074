import { describe, expect, it } from 'vitest';
import { api } from './endpoints';
import { routes } from './routes';

describe('routes', () => {
  it('names every endpoint of api, with its method and path, and nothing else (else: npm run contract:routes)', () => {
    const expected = Object.fromEntries(
      Object.entries(api).map(([domain, entries]) => [
        domain,
        Object.fromEntries(
          Object.entries(entries).map(([name, entry]) => [
            name,
            { key: `${domain}.${name}`, method: entry.method, path: entry.path },
          ]),
        ),
      ]),
    );
    expect(routes).toEqual(expected);
  });
});
