import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { StaffMember } from '@kabuto/contract';
import { credentialIssuesSince, latestCredentialIssues } from './staff.repository';

/** An admin setting a member's credentials: the member's creation, or a reset of its password or authenticator. */
export interface CredentialIssue {
  staffId: bigint;
  issuedBy: bigint;
}

/**
 * The staff members who count as one person with `staffId`: itself, and everyone joined to it through
 * credentials issued (an admin and the members whose credentials it set, and theirs in turn). Whoever issued a
 * member's temporary password or authenticator secret could sign in as that member, so two-person rules
 * (four eyes, crediting and paying out) must not take the two for different people.
 */
export function countedAsOne(staffId: bigint, issues: readonly CredentialIssue[]): Set<bigint> {
  const joined = new Map<bigint, bigint[]>();
  const join = (a: bigint, b: bigint) => joined.set(a, [...(joined.get(a) ?? []), b]);
  for (const { staffId: member, issuedBy } of issues) {
    join(member, issuedBy);
    join(issuedBy, member);
  }
  const one = new Set<bigint>([staffId]);
  const next = [staffId];
  for (let current = next.pop(); current !== undefined; current = next.pop()) {
    for (const other of joined.get(current) ?? []) {
      if (one.has(other)) continue;
      one.add(other);
      next.push(other);
    }
  }
  return one;
}

const DAY_MS = 86_400_000;

/**
 * `countedAsOne` for acts done from `earliestAct` until now: an issue counts from STAFF_CUSTODY_DAYS before the
 * earliest act (the member may have been in custody when it acted) to now (or came into custody since). 0 days
 * turns the rule off, for test environments where one admin creates every member.
 */
export async function staffCountedAsOne(
  ctx: AppContext,
  db: Executor,
  staffId: bigint,
  earliestAct: Date,
): Promise<Set<bigint>> {
  const days = ctx.config.staffCustodyDays;
  if (days === 0) return new Set([staffId]);
  return countedAsOne(
    staffId,
    await credentialIssuesSince(db, new Date(earliestAct.getTime() - days * DAY_MS)),
  );
}

/**
 * Refuses (STAFF_JOINED_BY_CREDENTIALS) when the acting member counts as one person with any of `others`, who
 * acted from `earliestAct` on: the other half of a two-person rule.
 */
export async function refuseJoinedStaff(
  ctx: AppContext,
  db: Executor,
  actorId: bigint,
  others: readonly bigint[],
  earliestAct: Date,
): Promise<void> {
  if (others.length === 0) return;
  const one = await staffCountedAsOne(ctx, db, actorId, earliestAct);
  if (others.some((other) => one.has(other))) throw fail('STAFF_JOINED_BY_CREDENTIALS');
}

/** Whom each member counts as because of a recent credential issue, and until when (the back office shows it). */
export async function countsAsOf(
  ctx: AppContext,
  db: Executor,
  staffIds: readonly bigint[],
): Promise<Map<bigint, NonNullable<StaffMember['countsAs']>>> {
  const days = ctx.config.staffCustodyDays;
  const out = new Map<bigint, NonNullable<StaffMember['countsAs']>>();
  if (days === 0) return out;
  const since = new Date(ctx.clock.now().getTime() - days * DAY_MS);
  for (const issue of await latestCredentialIssues(db, staffIds, since)) {
    const until = new Date(issue.issued_at.getTime() + days * DAY_MS);
    out.set(issue.staff_id, { username: issue.username, until: until.toISOString() });
  }
  return out;
}
