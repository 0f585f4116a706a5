// Reads Server-Sent Events from a stream the way EventSource does, for tests.
import type { Readable } from 'node:stream';

export interface SseFrame {
  id?: string;
  event?: string;
  /** Parsed JSON data; undefined for comments. */
  data?: unknown;
  comment?: string;
  retry?: number;
}

/** Parses complete frames out of SSE text; returns them and the unparsed rest. */
export function parseSse(text: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const frame: SseFrame = {};
    const comments: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) frame.id = line.slice(4);
      else if (line.startsWith('event: ')) frame.event = line.slice(7);
      else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
      else if (line.startsWith('retry: ')) frame.retry = Number(line.slice(7));
    }
    if (comments.length > 0 && frame.event === undefined) frame.comment = comments.join('\n');
    frames.push(frame);
  }
  return { frames, rest };
}

/** Collects frames from a readable as they arrive. */
export class SseReader {
  readonly frames: SseFrame[] = [];
  private buffer = '';
  private waiters: Array<() => void> = [];
  ended = false;

  constructor(
    readonly stream: Readable,
    opts: { paused?: boolean } = {},
  ) {
    stream.setEncoding('utf8');
    stream.on('end', () => {
      this.ended = true;
      this.wake();
    });
    stream.on('error', () => {
      this.ended = true;
      this.wake();
    });
    if (!opts.paused) this.resume();
  }

  /** Starts (or restarts) reading. */
  resume(): void {
    this.stream.on('data', (chunk: string) => {
      const { frames, rest } = parseSse(this.buffer + chunk);
      this.buffer = rest;
      this.frames.push(...frames);
      this.wake();
    });
  }

  /** Frames with an event name (no comments, no retry-only frames). */
  get events(): SseFrame[] {
    return this.frames.filter((f) => f.event !== undefined);
  }

  /** Waits for a frame matching `match` among all received so far; rejects after `ms`. */
  async waitFor(match: (f: SseFrame) => boolean, ms = 3000): Promise<SseFrame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended before the frame came; got ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

export const isEvent = (type: string, data?: Record<string, unknown>) => (f: SseFrame) =>
  f.event === type && (data === undefined || Object.entries(data).every(([k, v]) => (f.data as Record<string, unknown>)?.[k] === v));
