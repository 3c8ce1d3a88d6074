/**
 * What a ledger entry's reference points at, read from the form the server stores ("withdrawal:12",
 * "bank:STMT-0042"): the bank's reference of a credited transfer, a withdrawal, an adjustment, an order or a
 * position by number,
 * or the bank account a withdrawal is held for. Null for none, and for a form this app does not know, so an
 * internal reference is never shown as it is.
 */
export type LedgerReference =
  | { kind: 'bank' | 'withdrawal' | 'adjustment' | 'order' | 'position'; value: string }
  | { kind: 'bankAccount'; id: string };

export function parseLedgerReference(reference: string | null): LedgerReference | null {
  const match = /^([a-z-]+):(.+)$/.exec(reference ?? '');
  if (!match) return null;
  const [, prefix, value = ''] = match;
  switch (prefix) {
    case 'bank':
      return { kind: 'bank', value };
    case 'withdrawal':
    case 'adjustment':
    case 'order':
    case 'position':
      return /^\d+$/.test(value) ? { kind: prefix, value } : null;
    case 'bank-account':
      return /^\d+$/.test(value) ? { kind: 'bankAccount', id: value } : null;
    default:
      return null;
  }
}
