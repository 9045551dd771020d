/**
 * PartWriter, in workerd (where the job runs it): pieces of any size become equal parts
 * with only the last one shorter and flagged, the bytes are unchanged even when the
 * caller reuses a piece right after pushing it, and a failed send surfaces at the next
 * drained().
 */
import { describe, expect, it } from 'vitest';
import { PartWriter } from '../../worker/lib/part-writer';

interface Sent {
  bytes: number[];
  last: boolean;
}

function recorder(): { sent: Sent[]; send: (bytes: Uint8Array, last: boolean) => Promise<void> } {
  const sent: Sent[] = [];
  return {
    sent,
    send: async (bytes, last) => {
      await Promise.resolve();
      sent.push({ bytes: [...bytes], last });
    },
  };
}

const range = (from: number, to: number) => Uint8Array.from({ length: to - from }, (_, i) => from + i);

describe('PartWriter', () => {
  it('cuts 0..20 pushed as 3 + 9 + 8 bytes into parts of 8, 8 and a last part of 4', async () => {
    const { sent, send } = recorder();
    const writer = new PartWriter(8, send);
    writer.push(range(0, 3));
    writer.push(range(3, 12));
    await writer.drained();
    writer.push(range(12, 20));
    await writer.close();
    expect(sent).toEqual([
      { bytes: [...range(0, 8)], last: false },
      { bytes: [...range(8, 16)], last: false },
      { bytes: [...range(16, 20)], last: true },
    ]);
    expect(writer.size).toBe(20);
  });

  it('sends a file of exactly one part as that part, flagged last', async () => {
    const { sent, send } = recorder();
    const writer = new PartWriter(8, send);
    writer.push(range(0, 8));
    await writer.close();
    expect(sent).toEqual([{ bytes: [...range(0, 8)], last: true }]);
  });

  it('copies a piece at once, so the caller may overwrite it or push it again', async () => {
    const { sent, send } = recorder();
    const writer = new PartWriter(4, send);
    const piece = range(0, 3);
    writer.push(piece);
    writer.push(piece);
    piece.fill(99);
    await writer.close();
    expect(sent.flatMap((s) => s.bytes)).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('sends parts in order even when many are queued before the first send finishes', async () => {
    const { sent, send } = recorder();
    const writer = new PartWriter(2, send);
    writer.push(range(0, 11));
    await writer.close();
    expect(sent.map((s) => s.bytes)).toEqual([[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10]]);
    expect(sent.map((s) => s.last)).toEqual([false, false, false, false, false, true]);
  });

  it('holds one part: bytes pushed while it is on its way wait in an overflow, then fill it again', async () => {
    let release = () => {};
    const sent: number[][] = [];
    const writer = new PartWriter(8, async (bytes, last) => {
      sent.push([...bytes]);
      if (!last) await new Promise<void>((resolve) => (release = resolve));
    });
    writer.push(range(0, 11)); // a full part goes out; 3 bytes wait
    writer.push(range(11, 13));
    expect(writer.heldBytes).toBe(8 + 5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([[...range(0, 8)]]);
    const drained = writer.drained();
    release();
    await drained;
    expect(writer.heldBytes).toBe(8);
    await writer.close();
    expect(sent).toEqual([[...range(0, 8)], [...range(8, 13)]]);
  });

  it('rethrows a failed send from drained() and close()', async () => {
    const writer = new PartWriter(4, () => Promise.reject(new Error('R2 is down')));
    writer.push(range(0, 9));
    await expect(writer.drained()).rejects.toThrow('R2 is down');
    await expect(writer.close()).rejects.toThrow('R2 is down');
  });
});
