// Rules of the i18n check (scripts/check.ts) that can be tested on their own.

import { OTHER_BODIES } from './message-parts';

/** The parts every message kind has, in every language. */
export const MESSAGE_TEXT_PARTS = ['title', 'body'] as const;

/** A kind's parts: a title, a body, and the other bodies it has (for older rows, or a case of its own). */
const partsOf = (kind: string): readonly string[] =>
  Object.hasOwn(OTHER_BODIES, kind)
    ? [...MESSAGE_TEXT_PARTS, ...OTHER_BODIES[kind]!.map(({ part }) => part)]
    : MESSAGE_TEXT_PARTS;

/**
 * The `messages` namespace of one language against the message kinds: every kind has a non-empty title
 * and body, and there is no text for something that is not a kind (nor any other part of one).
 */
export function messageKindProblems(lang: string, kinds: readonly string[], texts: object): string[] {
  const problems: string[] = [];
  const tree = texts as Record<string, unknown>;
  for (const kind of kinds) {
    const entry = tree[kind];
    for (const part of partsOf(kind)) {
      const text =
        entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>)[part] : undefined;
      if (typeof text !== 'string' || text.trim() === '')
        problems.push(`${lang}/messages.json has no ${part} for the message kind ${kind}`);
    }
  }
  for (const [key, entry] of Object.entries(tree)) {
    if (!kinds.includes(key)) {
      problems.push(`${lang}/messages.json "${key}" is not a message kind`);
      continue;
    }
    if (entry !== null && typeof entry === 'object')
      for (const part of Object.keys(entry))
        if (!partsOf(key).includes(part))
          problems.push(`${lang}/messages.json "${key}.${part}" is neither a title nor a body`);
  }
  return problems;
}

/** Placeholders for text staff write, which ends with its own full stop or none: nothing may follow them. */
export const FREE_TEXT_PLACEHOLDERS = ['reason'] as const;

/**
 * Texts of one namespace (flattened, key to text) that go on after a free-text placeholder: "Reason:
 * {{reason}}. Please…" reads "…blurred.. Please…" when the reason ends with a full stop, as people write it.
 */
export function freeTextProblems(
  lang: string,
  namespace: string,
  texts: ReadonlyMap<string, unknown>,
): string[] {
  const problems: string[] = [];
  for (const [key, text] of texts) {
    if (typeof text !== 'string') continue;
    for (const name of FREE_TEXT_PLACEHOLDERS) {
      const placeholder = `{{${name}}}`;
      if (text.includes(placeholder) && !text.trimEnd().endsWith(placeholder))
        problems.push(
          `${lang}/${namespace}.json "${key}" goes on after ${placeholder}, which ends with its own punctuation`,
        );
    }
  }
  return problems;
}
