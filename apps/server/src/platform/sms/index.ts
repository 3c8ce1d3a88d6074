import type { Executor } from '../db-types';
import { fetchPage } from '../pagination';
import type { Clock } from '../clock';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  mobile: string;
  purpose: string;
  code: string;
  body: string;
}

/** Sends one-time codes. A provider adapter implements this; the default writes to the dev outbox. */
export interface SmsSender {
  readonly name: string;
  send(trx: Executor, message: SmsMessage): Promise<void>;
}

/** The dev outbox: the message is logged and stored, readable at GET /api/dev/sms and in the back office. */
export function devOutboxSender(clock: Clock, log: FastifyBaseLogger): SmsSender {
  return {
    name: 'dev-outbox',
    async send(trx, message) {
      await trx
        .insertInto('sms_outbox')
        .values({ ...message, created_at: clock.now() })
        .execute();
      log.info({ mobile: message.mobile, purpose: message.purpose, code: message.code }, 'SMS (dev outbox)');
    },
  };
}

export interface OutboxFilter {
  mobile?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listOutbox(db: Executor, filter: OutboxFilter) {
  let query = db.selectFrom('sms_outbox');
  if (filter.mobile) query = query.where('mobile', '=', filter.mobile);
  return fetchPage(
    query,
    (q) => q.selectAll().orderBy('id', 'desc'),
    filter,
    (row) => ({
      id: row.id.toString(),
      mobile: row.mobile,
      purpose: row.purpose,
      code: row.code,
      text: row.body,
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );
}
