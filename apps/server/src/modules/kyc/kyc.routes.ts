import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { kycStateOf, ownPhoto, submitKyc } from './kyc.service';

export function kycRoutes(ctx: AppContext) {
  return [
    route(api.kyc.state, async ({ actor }) => kycStateOf(ctx.db, actor.userId)),

    route(api.kyc.submit, async ({ actor, body, files }) =>
      submitKyc(ctx, actor, { ...body, front: files.front!, back: files.back! }),
    ),

    route(api.kyc.photo, async ({ actor, params }) => ownPhoto(ctx, actor.userId, params.side)),
  ];
}
