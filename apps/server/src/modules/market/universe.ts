import { INSTRUMENT_CODE } from '@kabuto/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../platform/db';
import type { InstrumentRow } from './market.table';

/** reference-data/tse-instruments.csv: code,name_ja,name_en,sector_en,approx_price_jpy,topix500 (no quoting). */
export const UNIVERSE_CSV = join(REPOSITORY_ROOT, 'reference-data', 'tse-instruments.csv');

/** Hiragana, with its iteration marks, to the katakana of the same sound. */
const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096\u309d\u309e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/**
 * What search matches, on both sides (the stored names and the query): NFKC (full-width digits and letters
 * become plain, half-width katakana full-width), hiragana as katakana (とよた finds トヨタ), lower case.
 */
export const searchForm = (text: string) => toKatakana(text.normalize('NFKC')).toLowerCase().trim();

export function parseUniverse(csv: string): InstrumentRow[] {
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (header !== 'code,name_ja,name_en,sector_en,approx_price_jpy,topix500')
    throw new Error(`unexpected universe header: ${header}`);
  return lines.map((line) => {
    const [code = '', nameJa = '', nameEn = '', sector = '', price = '', topix500 = ''] = line.split(',');
    if (!INSTRUMENT_CODE.test(code) || !/^\d+$/.test(price)) throw new Error(`bad universe line: ${line}`);
    return {
      code,
      name_ja: nameJa,
      name_en: nameEn,
      // No reading is in the file and none can be derived from kanji reliably; left empty until one is sourced.
      name_kana: null,
      sector,
      topix500: topix500 === '1',
      halted: false,
      // The file has no 貸借銘柄 column: every instrument may be sold short until the house says otherwise.
      max_leverage: null,
      max_lots_per_order: null,
      max_open_lots: null,
      shortable: true,
      base_price: BigInt(price) * 100n,
      search_text: searchForm(`${code} ${nameJa} ${nameEn}`),
    };
  });
}

export const readUniverse = (path = UNIVERSE_CSV) => parseUniverse(readFileSync(path, 'utf8'));
