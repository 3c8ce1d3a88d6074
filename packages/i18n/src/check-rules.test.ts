import { MESSAGE_KINDS } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { freeTextProblems, messageKindProblems } from './check-rules';
import { LANGUAGES } from './languages';
import { resources } from './resources';

const kinds = ['deposit_credited', 'kyc_passed'] as const;
const complete = {
  deposit_credited: { title: 'Deposit credited', body: '{{amount}} JPY credited.' },
  kyc_passed: { title: 'Identity verified', body: 'Verified.' },
};

describe('messageKindProblems', () => {
  it('accepts a title and body for exactly the kinds', () => {
    expect(messageKindProblems('en', kinds, complete)).toEqual([]);
  });

  it('reports a kind without its title or body, or with an empty one', () => {
    const texts = { deposit_credited: { title: 'Deposit credited' }, kyc_passed: { title: ' ', body: 'x' } };
    expect(messageKindProblems('fr', kinds, texts)).toEqual([
      'fr/messages.json has no body for the message kind deposit_credited',
      'fr/messages.json has no title for the message kind kyc_passed',
    ]);
  });

  it('reports a kind missing altogether', () => {
    expect(messageKindProblems('ja', kinds, { kyc_passed: complete.kyc_passed })).toEqual([
      'ja/messages.json has no title for the message kind deposit_credited',
      'ja/messages.json has no body for the message kind deposit_credited',
    ]);
  });

  it('reports text that has no kind, and parts other than title and body', () => {
    const texts = {
      ...complete,
      margin_call: { title: 'Margin call', body: 'Add funds.' },
      kyc_passed: { ...complete.kyc_passed, footer: 'Thanks' },
    };
    expect(messageKindProblems('es', kinds, texts)).toEqual([
      'es/messages.json "kyc_passed.footer" is neither a title nor a body',
      'es/messages.json "margin_call" is not a message kind',
    ]);
  });

  it('finds nothing wrong with the shipped texts', () => {
    for (const lang of LANGUAGES)
      expect(messageKindProblems(lang, MESSAGE_KINDS, resources[lang].messages)).toEqual([]);
  });
});

describe('freeTextProblems', () => {
  it('accepts a reason at the end, with or without text before it', () => {
    const texts = new Map([
      ['a', 'Reason: {{reason}}'],
      ['b', '{{reason}}'],
      ['c', 'No placeholder. Done.'],
    ]);
    expect(freeTextProblems('en', 'web', texts)).toEqual([]);
  });

  it('reports text after the reason, where its own full stop would double the punctuation', () => {
    const texts = new Map([
      ['kyc_rejected.body', '確認できませんでした。理由：{{reason}}。再度ご提出ください。'],
    ]);
    expect(freeTextProblems('ja', 'messages', texts)).toEqual([
      'ja/messages.json "kyc_rejected.body" goes on after {{reason}}, which ends with its own punctuation',
    ]);
  });

  it('finds nothing wrong with the shipped texts', () => {
    for (const lang of LANGUAGES)
      for (const [namespace, tree] of Object.entries(resources[lang])) {
        const texts = new Map<string, unknown>();
        const walk = (node: object, prefix: string) => {
          for (const [key, value] of Object.entries(node))
            if (value !== null && typeof value === 'object') walk(value, `${prefix}${key}.`);
            else texts.set(`${prefix}${key}`, value);
        };
        walk(tree, '');
        expect(freeTextProblems(lang, namespace, texts)).toEqual([]);
      }
  });
});
