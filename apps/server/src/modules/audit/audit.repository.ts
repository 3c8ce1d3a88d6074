import type { AuditAction } from '@kabuto/contract';
import type { Executor } from '../../database';
import type { Clock } from '../../platform/clock';
import { iso } from '../../platform/db';
import { fetchPage } from '../../platform/pagination';

export interface AuditRecord {
  staffId: bigint | null;
  action: AuditAction;
  targetKind?: string;
  targetId?: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
  at: Date;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Appends to the audit log (the table refuses updates and deletes). A change is audited inside its own
 * transaction, so the entry exists exactly when the change does; a look at data is audited on its own.
 */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: record.staffId,
      action: record.action,
      target_kind: record.targetKind ?? null,
      target_id: record.targetId ?? null,
      reason: record.reason ?? null,
      before: json(record.before),
      after: json(record.after),
      ip: record.ip,
      created_at: record.at,
    })
    .execute();
}

export interface AuditFilter {
  page: number;
  pageSize: number;
  action?: AuditAction | undefined;
  targetId?: string | undefined;
}

export async function listAudit(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_id');
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.targetId) query = query.where('audit_log.target_id', '=', filter.targetId);
  return fetchPage(
    query,
    (q) => q.selectAll('audit_log').select('staff_users.username').orderBy('audit_log.id', 'desc'),
    filter,
    (row) => ({
      id: row.id.toString(),
      staffId: row.staff_id?.toString() ?? null,
      staffUsername: row.username,
      action: row.action,
      targetKind: row.target_kind,
      targetId: row.target_id,
      reason: row.reason,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
      createdAt: iso(row.created_at) ?? '',
    }),
  );
}

/**
 * A staff list that shows people's data is audited like a detail page: who looked, with which filter, and
 * which rows it showed.
 */
export function recordListView(
  ctx: { db: Executor; clock: Clock },
  viewer: { actor: { staffId: bigint }; meta: { ip: string | null } },
  view: { action: AuditAction; query: object; rows: readonly { id: bigint | string }[] },
): Promise<void> {
  return recordAudit(ctx.db, {
    staffId: viewer.actor.staffId,
    action: view.action,
    after: { ...view.query, shown: view.rows.map((row) => row.id.toString()) },
    ip: viewer.meta.ip,
    at: ctx.clock.now(),
  });
}
