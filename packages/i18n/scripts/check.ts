// The i18n completeness check: every namespace in every language has exactly the keys English has, no
// empty text, the same {{placeholders}}; errors.json matches the ErrorCode list; messages.json has a title and
// body for exactly the message kinds; every other key is used.
import { CLIENT_ERROR_CODES, ERROR_CODES, MESSAGE_KINDS } from '@kabuto/contract';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freeTextProblems, messageKindProblems } from '../src/check-rules';
import { LANGUAGES, NAMESPACES, resources } from '../src/index';

type Tree = { [key: string]: string | Tree };
const root = new URL('../../../', import.meta.url).pathname;

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

export function checkI18n(): string[] {
  const problems: string[] = [];
  for (const ns of NAMESPACES) {
    const reference = flatten(resources.en[ns] as Tree);
    for (const lang of LANGUAGES) {
      const keys = flatten(resources[lang][ns] as Tree);
      for (const key of reference.keys())
        if (!keys.has(key)) problems.push(`${lang}/${ns}.json is missing "${key}"`);
      for (const [key, value] of keys) {
        if (!reference.has(key)) problems.push(`${lang}/${ns}.json has "${key}", which en does not`);
        if (typeof value !== 'string' || value.trim() === '')
          problems.push(`${lang}/${ns}.json "${key}" is empty`);
        else if (placeholders(value) !== placeholders(String(reference.get(key)))) {
          problems.push(`${lang}/${ns}.json "${key}" has other placeholders than en`);
        }
      }
      problems.push(...freeTextProblems(lang, ns, keys));
    }
  }

  const errorKeys = new Set(flatten(resources.en.errors as Tree).keys());
  const allCodes: readonly string[] = [...ERROR_CODES, ...CLIENT_ERROR_CODES];
  for (const code of allCodes)
    if (!errorKeys.has(code)) problems.push(`errors.json has no message for ${code}`);
  for (const key of errorKeys)
    if (!allCodes.includes(key)) problems.push(`errors.json "${key}" is not an ErrorCode`);

  for (const lang of LANGUAGES)
    problems.push(...messageKindProblems(lang, MESSAGE_KINDS, resources[lang].messages));

  const source = [
    'apps/web/src',
    'apps/backoffice/src',
    'apps/server/src',
    'packages/contract/src',
    'packages/client/src',
  ]
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // An error code nothing raises is dead weight in the catalogue: its name must appear outside the catalogue.
  const raising = source.replace(/export const ERROR_STATUS = \{[\s\S]*?\n\} as const;/, '');
  for (const code of allCodes)
    if (!new RegExp(`['"\`]${code}['"\`]`).test(raising)) problems.push(`error code ${code} is never raised`);

  const dynamicPrefixes = [...source.matchAll(/[`'"](?:\w+:)?([\w.]+\.)\$\{/g)].map((m) => m[1]!);
  // Message texts are used through their kind (checked above), never by a literal key.
  for (const ns of NAMESPACES.filter((n) => n !== 'errors' && n !== 'messages')) {
    for (const key of flatten(resources.en[ns] as Tree).keys()) {
      // A plural form (quantity_one, quantity_other) is used through its base key and a count.
      const used = key.replace(PLURAL_SUFFIX, '');
      const literal = new RegExp(`['"\`](?:${ns}:)?${used.replace(/\./g, '\\.')}['"\`]`);
      if (!literal.test(source) && !dynamicPrefixes.some((prefix) => key.startsWith(prefix))) {
        problems.push(`${ns}:${key} is never used`);
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkI18n();
  if (problems.length) {
    console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`i18n check passed: ${NAMESPACES.length} namespaces complete in ${LANGUAGES.length} languages`);
}
