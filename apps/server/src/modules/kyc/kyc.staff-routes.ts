import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { recordAudit, recordListView } from '../audit';
import { findSubmission, listSubmissions } from './kyc.repository';
import { decideKyc, detailOf, recordKanaName, submissionPhoto, summariesOf } from './kyc.service';

export function kycStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffKyc.list, async ({ query, actor, meta }) => {
      const page = await listSubmissions(ctx.db, query);
      await recordListView(ctx, { actor, meta }, { action: 'kyc.list', query, rows: page.items });
      return { ...page, items: await summariesOf(ctx.db, page.items) };
    }),

    route(api.staffKyc.detail, async ({ params, actor, meta }) => {
      const row = await findSubmission(ctx.db, params.id);
      if (!row) throw fail('NOT_FOUND');
      // The full ID number and the photos are personal data: every look is audited, as a user's detail is.
      await recordAudit(ctx.db, {
        staffId: actor.staffId,
        action: 'kyc.view',
        targetKind: 'kyc_submission',
        targetId: row.id.toString(),
        ip: meta.ip,
        at: ctx.clock.now(),
      });
      return detailOf(ctx.db, actor, row);
    }),

    route(api.staffKyc.photo, async ({ params, actor, meta }) => {
      const photo = await submissionPhoto(ctx, params.id, params.side);
      await recordAudit(ctx.db, {
        staffId: actor.staffId,
        action: 'kyc.view',
        targetKind: 'kyc_submission',
        targetId: params.id.toString(),
        after: { photo: params.side },
        ip: meta.ip,
        at: ctx.clock.now(),
      });
      return photo;
    }),

    route(api.staffKyc.approve, async ({ params, actor, meta }) =>
      decideKyc(ctx, actor, meta, params.id, { status: 'passed' }),
    ),

    route(api.staffKyc.reject, async ({ params, body, actor, meta }) =>
      decideKyc(ctx, actor, meta, params.id, { status: 'rejected', reason: body.reason }),
    ),

    route(api.staffKyc.recordKana, async ({ params, body, actor, meta }) =>
      recordKanaName(ctx, actor, meta, params.id, body.fullNameKana),
    ),
  ];
}
