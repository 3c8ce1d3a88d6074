import type { Executor } from '../database';

export interface SmsMessage {
  mobile: string;
  purpose: string;
  code: string;
  body: string;
}

/** Sends one-time codes inside the transaction that issued them. A provider adapter implements this. */
export interface SmsSender {
  readonly name: string;
  send(db: Executor, message: SmsMessage): Promise<void>;
}
