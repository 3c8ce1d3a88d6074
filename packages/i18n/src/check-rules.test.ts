import { MESSAGE_KINDS } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { messageKindProblems } from './check-rules';
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
