import { useEffect } from 'react';
import { readString, removeKey, writeString } from '../../../lib/storage';

export const EMPTY_BANK_ACCOUNT = {
  holderName: '',
  bankName: '',
  branchName: '',
  branchCode: '',
  accountNumber: '',
};

export type BankAccountDraft = typeof EMPTY_BANK_ACCOUNT;

/**
 * The add-account form as typed so far, kept for the tab (session storage) and per user: setting up a
 * second factor on the way leaves the page, and the investor comes back to what they had entered.
 */
const draftKey = (userId: string) => `bankAccountDraft:${userId}`;

export function readBankAccountDraft(userId: string): BankAccountDraft {
  try {
    const saved: unknown = JSON.parse(readString(draftKey(userId), 'session') || '{}');
    const draft = { ...EMPTY_BANK_ACCOUNT };
    for (const name of Object.keys(draft) as (keyof BankAccountDraft)[]) {
      const value = (saved as Record<string, unknown>)[name];
      if (typeof value === 'string') draft[name] = value;
    }
    return draft;
  } catch {
    return { ...EMPTY_BANK_ACCOUNT };
  }
}

export function clearBankAccountDraft(userId: string): void {
  removeKey(draftKey(userId), 'session');
}

/** Saves the values whenever they change; an empty form leaves nothing behind. */
export function useKeepBankAccountDraft(userId: string, values: BankAccountDraft): void {
  useEffect(() => {
    if (Object.values(values).every((value) => value === '')) clearBankAccountDraft(userId);
    else writeString(draftKey(userId), JSON.stringify(values), 'session');
  }, [userId, values]);
}
