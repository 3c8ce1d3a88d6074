import { createInstance } from 'i18next';
import { resources } from '@kabuto/i18n';
import { describe, expect, it } from 'vitest';
import { quantityText } from './labels';

async function translator(lng: string) {
  const i18n = createInstance();
  await i18n.init({ lng, resources, initAsync: false });
  return i18n.t;
}

describe('quantityText', () => {
  it('writes one lot and several lots as each language says them', async () => {
    const en = await translator('en');
    expect(quantityText(en, 1)).toBe('100 shares (1 lot)');
    expect(quantityText(en, 12)).toBe('1,200 shares (12 lots)');
    const fr = await translator('fr');
    expect(quantityText(fr, 1)).toBe('100 actions (1 lot)');
    expect(quantityText(fr, 3)).toBe('300 actions (3 lots)');
    const es = await translator('es');
    expect(quantityText(es, 2)).toBe('200 acciones (2 lotes)');
  });

  it('keeps the Japanese 株 and 単元 whatever the count', async () => {
    const ja = await translator('ja');
    expect(quantityText(ja, 1)).toBe('100株（1単元）');
    expect(quantityText(ja, 25)).toBe('2,500株（25単元）');
  });
});
