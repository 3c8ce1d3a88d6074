import { FALLBACK_LANG, type Lang } from './languages';
import { resources, type Namespace } from './resources';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Server-side translation with `{{name}}` interpolation; falls back to English, then to the key. */
export function translate(
  lang: Lang,
  ns: Namespace,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const text =
    lookup(resources[lang][ns] as Tree, key) ?? lookup(resources[FALLBACK_LANG][ns] as Tree, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
