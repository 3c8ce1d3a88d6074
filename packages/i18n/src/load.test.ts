import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { loadNamespace, WEB_NAMESPACES } from './load';
import { resources } from './resources';

describe('loadNamespace', () => {
  it('loads each language and namespace the investor app uses, the same text as the bundled resources', async () => {
    for (const lang of LANGUAGES) {
      for (const ns of WEB_NAMESPACES) {
        expect(await loadNamespace(lang, ns)).toEqual(resources[lang][ns]);
      }
    }
  });
});
