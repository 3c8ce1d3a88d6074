/**
 * The texts a message kind has beside its `body`, each chosen by one parameter: `absent` for older rows, stored
 * before the kind gained the parameter (a margin call raised before its amount was recorded); `present` for a
 * case the body does not fit (a position closed only in part, which says what it still holds). The first that
 * applies is used.
 */
export interface OtherBody {
  readonly part: string;
  readonly when: 'absent' | 'present';
  readonly param: string;
}

export const OTHER_BODIES: Readonly<Record<string, readonly OtherBody[]>> = {
  margin_call: [{ part: 'bodyWithoutAmount', when: 'absent', param: 'amount' }],
  // A browser that sends no User-Agent the server can read: named as 設定's device list names it.
  new_device_login: [{ part: 'bodyUnknownDevice', when: 'absent', param: 'device' }],
  order_filled: [{ part: 'bodyWithoutSide', when: 'absent', param: 'side' }],
  position_closed: [
    { part: 'bodyWithoutClosedBy', when: 'absent', param: 'closedBy' },
    { part: 'bodyPartial', when: 'present', param: 'remainingLots' },
  ],
};

/** Which text of its kind a stored message's body is: `body`, or the one of OTHER_BODIES that applies. */
export function messageBodyPart(kind: string, params: Readonly<Record<string, unknown>>): string {
  const others = Object.hasOwn(OTHER_BODIES, kind) ? OTHER_BODIES[kind]! : [];
  const applies = others.find(({ when, param }) => (params[param] !== undefined) === (when === 'present'));
  return applies?.part ?? 'body';
}
