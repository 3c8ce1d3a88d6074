/**
 * A public channel's change in one market tick, encoded once for all of its followers. Their frames
 * (`{"channel":..,"seq":n,"data":..}`) differ only in `seq`, so the UTF-8 bytes before and after it are
 * kept, and each follower's WebSocket frames are assembled by copying them around its own seq. A TickFrame
 * belongs to the tick that made it: the next tick makes new ones, so no follower is sent an older change.
 */
export class TickFrame {
  /** `{"channel":"<channel>","seq":` */
  readonly head: Buffer;
  /** `,"data":<data>}` */
  readonly tail: Buffer;

  constructor(
    readonly channel: string,
    /** The channel's data, already JSON. */
    readonly data: string,
  ) {
    this.head = Buffer.from(`{"channel":"${channel}","seq":`);
    this.tail = Buffer.from(`,"data":${data}}`);
  }
}

/** RFC 6455 5.2: FIN set, opcode 1 (text); a server's frames are not masked. */
const FIN_TEXT = 0x81;

const headerLength = (payload: number) => (payload < 126 ? 2 : payload < 65_536 ? 4 : 10);

/**
 * The WebSocket text frames of `frames[i]` at `seqs[i]`, one after the other in one buffer: the bytes `ws`
 * writes for a `send` of each (no extension, unfragmented).
 */
export function encodeTextFrames(frames: readonly TickFrame[], seqs: readonly number[]): Buffer {
  const digits = seqs.map(String);
  let size = 0;
  for (let i = 0; i < frames.length; i += 1) {
    const payload = frames[i]!.head.length + digits[i]!.length + frames[i]!.tail.length;
    size += headerLength(payload) + payload;
  }
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < frames.length; i += 1) {
    const { head, tail } = frames[i]!;
    const payload = head.length + digits[i]!.length + tail.length;
    out[at] = FIN_TEXT;
    if (payload < 126) {
      out[at + 1] = payload;
      at += 2;
    } else if (payload < 65_536) {
      out[at + 1] = 126;
      out.writeUInt16BE(payload, at + 2);
      at += 4;
    } else {
      out[at + 1] = 127;
      out.writeBigUInt64BE(BigInt(payload), at + 2);
      at += 10;
    }
    at += head.copy(out, at);
    at += out.write(digits[i]!, at, 'latin1');
    at += tail.copy(out, at);
  }
  return out;
}
