// One Server-Sent Events connection (SPEC B4): two bounded queues, a
// writer that never waits for the client, and overflow turned into a single
// `resync` frame.
//
// Frames are queued per lane — notices and everything else — so a burst of
// event frames can overflow only its own queue and never pushes out a
// person's notice. The writer drains notices first. When the socket says its
// buffer is full (write() returns false) the writer stops and waits for
// 'drain'; frames keep arriving into the bounded queues meanwhile, and a
// queue that fills is emptied and replaced by one `resync`: the page then
// re-reads its state instead of the server buffering without bound.

/** Where frames are written: an http.ServerResponse in production, a fake in tests. */
export interface Sink {
  /** Writes a chunk; false when the socket's buffer is full (wait for drain). */
  write(chunk: string): boolean;
  onceDrain(callback: () => void): void;
  /** Ends the response politely. */
  end(): void;
  /** Cuts the socket (a client that stopped reading). */
  destroy(): void;
}

export type Lane = 'notice' | 'event';
export const LANES: readonly Lane[] = ['notice', 'event'];

/** An SSE frame: the `event:` name and its JSON `data`. */
export interface Frame {
  type: string;
  data: unknown;
}

/** A frame's text without its `id:` line, encoded once per publish, shared by every connection. */
export function encodeBody(frame: Frame): string {
  // JSON.stringify escapes newlines, so the data is always one line.
  return `event: ${frame.type}\ndata: ${JSON.stringify(frame.data ?? null)}\n\n`;
}

export const resyncBody = (lane: Lane): string => encodeBody({ type: 'resync', data: { lane } });

export const PING = ': ping\n\n';

/**
 * Which of a user's connections a frame is for (issue 25): `all` (a resync),
 * `unscoped` (forward-auth only: counts and rows across sources),
 * `{ source }` (forward-auth and that source's token streams: its notices),
 * `{ source, only: true }` (that source's token streams alone: its frames).
 */
export type Audience = 'all' | 'unscoped' | { source: number; only?: boolean };

export function reaches(audience: Audience, conn: { sourceId: number | null }): boolean {
  if (audience === 'all') return true;
  if (audience === 'unscoped') return conn.sourceId === null;
  if (conn.sourceId === null) return audience.only !== true;
  return conn.sourceId === audience.source;
}

export class Connection {
  private readonly queues: Record<Lane, string[]> = { notice: [], event: [] };
  private seq = 0;
  private blockedSince: number | null = null;
  private flushScheduled = false;
  private closed = false;
  /** Frames dropped by overflow, for tests and metrics. */
  overflows = 0;

  constructor(
    readonly userId: number,
    private readonly sink: Sink,
    private readonly depth: number,
    /** The source of the user token that opened it (it sees that source only, issue 25); null for forward-auth. */
    readonly sourceId: number | null = null,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Milliseconds-since-epoch when the socket stopped accepting writes; null when flowing. */
  get stalledSince(): number | null {
    return this.blockedSince;
  }

  queued(lane: Lane): number {
    return this.queues[lane].length;
  }

  /** Queues an encoded frame body; never blocks, never grows past the depth. */
  enqueue(body: string, lane: Lane): void {
    if (this.closed) return;
    const q = this.queues[lane];
    if (q.length >= this.depth) {
      this.overflows += q.length;
      q.length = 0;
      q.push(resyncBody(lane));
    } else {
      q.push(body);
    }
    this.scheduleFlush();
  }

  /** Writes a comment line when the socket is flowing; a stalled socket gets nothing more. */
  ping(): void {
    if (this.closed || this.blockedSince !== null) return;
    if (!this.sink.write(PING)) this.block();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queues.notice.length = 0;
    this.queues.event.length = 0;
    // A socket that is not draining would never finish ending: cut it.
    if (this.blockedSince !== null) this.sink.destroy();
    else this.sink.end();
  }

  /**
   * Ends the stream politely after one last frame (a token stream's `expired`),
   * sent after whatever is still queued; a stalled socket is cut instead.
   */
  finish(frame: Frame): void {
    if (this.closed) return;
    if (this.blockedSince === null) {
      this.queues.event.push(encodeBody(frame));
      this.flush();
    }
    this.close();
  }

  /** For a client that stopped reading: drop the socket rather than hold its frames. */
  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.sink.destroy();
  }

  // Frames published in one turn of the event loop go out in one write.
  private scheduleFlush(): void {
    if (this.flushScheduled || this.blockedSince !== null) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.closed || this.blockedSince !== null) return;
    let chunk = '';
    for (const lane of LANES) {
      for (const body of this.queues[lane]) chunk += `id: ${++this.seq}\n${body}`;
      this.queues[lane].length = 0;
    }
    if (chunk !== '' && !this.sink.write(chunk)) this.block();
  }

  private block(): void {
    this.blockedSince = Date.now();
    this.sink.onceDrain(() => {
      this.blockedSince = null;
      this.flush();
    });
  }
}
