import { INSTRUMENT_CODE } from '@kabuto/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../platform/db';
import type { InstrumentRow } from './market.table';

/** reference-data/tse-instruments.csv: code,name_ja,name_en,sector_en,approx_price_jpy,topix500 (no quoting). */
export const UNIVERSE_CSV = join(REPOSITORY_ROOT, 'reference-data', 'tse-instruments.csv');
/**
 * reference-data/tse-instrument-readings.csv: code,name_kana,other_readings. Each name's reading in katakana
 * (フリガナ), and other readings investors type, separated by spaces (ニホン for ニッポン, an abbreviation), so
 * that みつびし finds 三菱商事. Kept beside the universe, which is copied as it is published.
 */
export const READINGS_CSV = join(REPOSITORY_ROOT, 'reference-data', 'tse-instrument-readings.csv');

/** Hiragana, with its iteration marks, to the katakana of the same sound. */
const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096\u309d\u309e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/**
 * What search matches, on both sides (the stored names and the query): NFKC (full-width digits and letters
 * become plain, half-width katakana full-width), hiragana as katakana (とよた finds トヨタ), lower case.
 */
export const searchForm = (text: string) => toKatakana(text.normalize('NFKC')).toLowerCase().trim();

/** The lines of one of these CSV files (no quoting) after its header, which must be `expected`. */
function csvLines(csv: string, expected: string): string[] {
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (header !== expected) throw new Error(`unexpected header: ${header}`);
  return lines;
}

/** The readings file: by code, the name's reading and what search also matches. */
export function parseReadings(csv: string): Map<string, { kana: string; others: string }> {
  return new Map(
    csvLines(csv, 'code,name_kana,other_readings').map((line) => {
      const [code = '', kana = '', others = ''] = line.split(',');
      if (!INSTRUMENT_CODE.test(code) || kana === '') throw new Error(`bad readings line: ${line}`);
      return [code, { kana, others }];
    }),
  );
}

export function parseUniverse(
  csv: string,
  readings: ReadonlyMap<string, { kana: string; others: string }> = new Map(),
): InstrumentRow[] {
  return csvLines(csv, 'code,name_ja,name_en,sector_en,approx_price_jpy,topix500').map((line) => {
    const [code = '', nameJa = '', nameEn = '', sector = '', price = '', topix500 = ''] = line.split(',');
    if (!INSTRUMENT_CODE.test(code) || !/^\d+$/.test(price)) throw new Error(`bad universe line: ${line}`);
    const reading = readings.get(code);
    return {
      code,
      name_ja: nameJa,
      name_en: nameEn,
      name_kana: reading?.kana ?? null,
      sector,
      topix500: topix500 === '1',
      halted: false,
      // The file has no 貸借銘柄 column: every instrument may be sold short until the house says otherwise.
      max_leverage: null,
      max_lots_per_order: null,
      max_open_lots: null,
      shortable: true,
      base_price: BigInt(price) * 100n,
      search_text: searchForm(
        [code, nameJa, nameEn, reading?.kana.replaceAll('・', ''), reading?.others].filter(Boolean).join(' '),
      ),
    };
  });
}

export const readUniverse = (path = UNIVERSE_CSV, readingsPath = READINGS_CSV) =>
  parseUniverse(readFileSync(path, 'utf8'), parseReadings(readFileSync(readingsPath, 'utf8')));
