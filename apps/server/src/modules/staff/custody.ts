import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { StaffMember } from '@kabuto/contract';
import { credentialIssuesHeldSince, latestCredentialIssues } from './staff.repository';

/** An admin setting a member's credentials: the member's creation, or a reset of its password or authenticator. */
export interface CredentialIssue {
  staffId: bigint;
  issuedBy: bigint;
}

/**
 * The staff members who count as one person with `staffId`. Whoever issued a member's temporary password or
 * authenticator secret could sign in as that member, so two-person rules (four eyes, crediting and paying out)
 * must not take the two for different people. That is: everyone who could sign in as `staffId` (itself, its
 * issuers, their issuers in turn), and everyone any of those could sign in as (the members they issued, and
 * theirs). Two admins who each issued credentials to the same member stay two people: neither can sign in as
 * the other.
 */
export function countedAsOne(staffId: bigint, issues: readonly CredentialIssue[]): Set<bigint> {
  const issuersOf = new Map<bigint, Set<bigint>>();
  const issuedBy = new Map<bigint, Set<bigint>>();
  const link = (edges: Map<bigint, Set<bigint>>, from: bigint, to: bigint) => {
    const targets = edges.get(from);
    if (targets) targets.add(to);
    else edges.set(from, new Set([to]));
  };
  for (const issue of issues) {
    link(issuersOf, issue.staffId, issue.issuedBy);
    link(issuedBy, issue.issuedBy, issue.staffId);
  }
  const reachable = (from: Iterable<bigint>, edges: Map<bigint, Set<bigint>>) => {
    const seen = new Set(from);
    const next = [...seen];
    for (let current = next.pop(); current !== undefined; current = next.pop()) {
      for (const other of edges.get(current) ?? []) {
        if (seen.has(other)) continue;
        seen.add(other);
        next.push(other);
      }
    }
    return seen;
  };
  return reachable(reachable([staffId], issuersOf), issuedBy);
}

const DAY_MS = 86_400_000;

/**
 * `countedAsOne` for acts done from `earliestAct` until now. An issue's custody runs from the issue for
 * STAFF_CUSTODY_DAYS, and beyond them until the member sets a password of its own: as long as it signs in with
 * the issued password, so can the admin who issued it. Every issue whose custody reaches the earliest act or
 * later counts (the member may have been in custody when it acted, or came into custody since). 0 days turns the
 * rule off, for test environments where one admin creates every member.
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
    await credentialIssuesHeldSince(db, earliestAct, new Date(earliestAct.getTime() - days * DAY_MS)),
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

/**
 * Whom each member counts as because of a credential issue still in custody, until when at the earliest, and
 * whether it lasts until the member sets its own password (the back office shows it).
 */
export async function countsAsOf(
  ctx: AppContext,
  db: Executor,
  staffIds: readonly bigint[],
): Promise<Map<bigint, NonNullable<StaffMember['countsAs']>>> {
  const days = ctx.config.staffCustodyDays;
  const out = new Map<bigint, NonNullable<StaffMember['countsAs']>>();
  if (days === 0) return out;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - days * DAY_MS);
  for (const issue of await latestCredentialIssues(db, staffIds, now, since)) {
    const until = new Date(issue.issued_at.getTime() + days * DAY_MS);
    out.set(issue.staff_id, {
      username: issue.username,
      until: until.toISOString(),
      untilPasswordChange: issue.released_at === null,
    });
  }
  return out;
}
