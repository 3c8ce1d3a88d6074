/**
 * The text a message kind's older rows are shown with, stored before the kind gained a parameter: the kind's
 * `part` in place of its body when `param` is absent (a margin call raised before its amount was recorded).
 */
export const BODIES_WITHOUT: Readonly<Record<string, { param: string; part: string }>> = {
  margin_call: { param: 'amount', part: 'bodyWithoutAmount' },
  order_filled: { param: 'side', part: 'bodyWithoutSide' },
  position_closed: { param: 'closedBy', part: 'bodyWithoutClosedBy' },
};

/** Which text of its kind a stored message's body is: `body`, or the older rows' one. */
export function messageBodyPart(kind: string, params: Readonly<Record<string, unknown>>): string {
  const older = Object.hasOwn(BODIES_WITHOUT, kind) ? BODIES_WITHOUT[kind] : undefined;
  return older && params[older.param] === undefined ? older.part : 'body';
}
