import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { describeDevice } from '../../platform/user-agent';
import { route } from '../../platform/routes';
import {
  enrolPasskey,
  listFactors,
  passkeyRegistrationOptions,
  removeFactor,
  renameFactor,
  startTotp,
  sendStepUpSms,
  stepUp,
  stepUpOptions,
  verifyTotp,
} from './factors.service';

export function factorRoutes(ctx: AppContext) {
  return [
    route(api.factors.list, async ({ actor }) => listFactors(ctx, actor.userId)),
    route(api.factors.rename, async ({ actor, params, body }) =>
      ctx.transact((tx) => renameFactor(ctx, tx, actor, BigInt(params.id), body.label)),
    ),
    route(api.factors.remove, async ({ actor, params }) =>
      ctx.transact((tx) => removeFactor(ctx, tx, actor, BigInt(params.id))),
    ),
    route(api.factors.totpStart, async ({ actor, body }) =>
      ctx.transact((tx) => startTotp(ctx, tx, actor, body.label)),
    ),
    route(api.factors.totpVerify, async ({ actor, body }) =>
      ctx.transact((tx) => verifyTotp(ctx, tx, actor, body.code)),
    ),
    route(api.factors.passkeyOptions, async ({ actor }) =>
      ctx.transact((tx) => passkeyRegistrationOptions(ctx, tx, actor)),
    ),
    route(api.factors.passkeyEnrol, async ({ actor, body, meta }) =>
      ctx.transact((tx) =>
        enrolPasskey(ctx, tx, actor, { ...body, label: body.label ?? describeDevice(meta.userAgent) }),
      ),
    ),
    route(api.factors.stepUpOptions, async ({ actor }) =>
      ctx.transact((tx) => stepUpOptions(ctx, tx, actor)),
    ),
    route(api.factors.stepUpSms, async ({ actor, request }) =>
      ctx.transact((tx) => sendStepUpSms(ctx, tx, actor, request.lang)),
    ),
    route(api.factors.stepUp, async ({ actor, body }) => ctx.transact((tx) => stepUp(ctx, tx, actor, body))),
  ];
}
