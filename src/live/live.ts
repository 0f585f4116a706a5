// The live stream of one process: the hub of open connections, fed by the
// process's single LISTEN connection through the kind table. Writers anywhere
// (this process or another replica) only NOTIFY; every process routes what
// it hears to the streams it holds.
//
// API for other features:
//   notifyChange(db, kind, userIds, detail)   (db/notify.ts) — from a write, on its transaction
//   KINDS[kind]                               (kinds.ts)     — turn that message into frames here
//   live.hub.publish(userIds, frame, lane)    — publish directly on this process
import { Coalescer } from '../coalescer.ts';
import type { Store } from '../db/connect.ts';
import { type LiveMessage, parseMessage } from '../db/notify.ts';
import { badgeCounts } from '../db/users.ts';
import { type ErrorSink, ignoreErrors } from '../errors.ts';
import type { Frame, Lane } from './connection.ts';
import { Hub, type HubOptions } from './hub.ts';
import { type KindContext, type KindHandler, KINDS, resyncFrame } from './kinds.ts';
import { type Listener, listen } from './listener.ts';
import { type NoticeFrameRequest, publishNoticeFrames } from './notices.ts';
import { publishFrame } from './frames.ts';

export interface LiveLog {
  warn(obj: object, msg: string): void;
}

const silent: LiveLog = { warn: () => {} };

export interface LiveOptions extends HubOptions {
  log?: LiveLog;
  /** The process's error sink: a lost LISTEN connection, a message or a badge count that failed. */
  onError?: ErrorSink;
  /** Kind handlers; default: the table in kinds.ts. */
  kinds?: Record<string, KindHandler>;
}

export class Live {
  readonly hub: Hub;
  private readonly log: LiveLog;
  private readonly onError: ErrorSink;
  private readonly kinds: Record<string, KindHandler>;
  private listener: Listener | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  /** Badges of the users named while a count runs go together in the next one. */
  private readonly badges: Coalescer<number[]>;
  /** Notice messages heard while a frame query runs go together in the next one. */
  private readonly frames: Coalescer<NoticeFrameRequest>;
  /** Settles when every message heard so far has been turned into frames (tests). */
  private work: Promise<void> = Promise.resolve();
  private readonly kindContext: KindContext;

  constructor(
    private readonly store: Store,
    opts: LiveOptions,
  ) {
    this.hub = new Hub(opts);
    this.log = opts.log ?? silent;
    this.onError = opts.onError ?? ignoreErrors;
    this.kinds = opts.kinds ?? KINDS;
    this.badges = new Coalescer((batches) => this.publishBadges(batches.flat()));
    this.frames = new Coalescer((requests) => publishNoticeFrames(store.db, this.hub, requests));
    this.kindContext = {
      db: store.db,
      hub: this.hub,
      // Both runs handle their own errors (a resync), so nobody waits on these promises.
      refreshBadges: (ids) => void this.badges.add(ids),
      noticeFrames: (ids, users) => void this.frames.add({ ids, users }),
    };
  }

  /** Starts listening (once; later calls wait for the first). Streams open only after this. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('The live stream is stopped'));
    this.starting ??= listen(this.store, {
      onPayload: (payload) => this.receive(payload),
      onReconnect: () => {
        this.log.warn({}, 'live: LISTEN connection restored; every open page resyncs');
        this.publishAll(resyncFrame('reconnected'), 'event');
      },
      // The listener reconnects on its own; a database that went away is one warning (the sink).
      onError: (err) => this.onError(err, 'live: LISTEN connection'),
    }).then(
      (listener) => {
        if (this.stopped) void listener.stop();
        else this.listener = listener;
      },
      (err) => {
        // Let the next stream request try again.
        this.starting = null;
        throw err;
      },
    );
    return this.starting;
  }

  publish(userIds: Iterable<number>, frame: Frame, lane: Lane): number {
    return this.hub.publish(userIds, frame, lane);
  }

  publishAll(frame: Frame, lane: Lane): number {
    return this.hub.publishAll(frame, lane);
  }

  /** Handles a NOTIFY payload (also callable directly, e.g. in tests). */
  receive(payload: string): void {
    const msg = parseMessage(payload);
    if (msg === null) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live: ignored a malformed message');
      return;
    }
    this.work = this.work.then(() => this.dispatch(msg));
  }

  /** Resolves once every message received so far has been published. */
  async settled(): Promise<void> {
    await this.work;
    await this.frames.idle();
    await this.badges.idle();
  }

  /** Ends every open stream (the server is closing); the process keeps listening until stop(). */
  closeStreams(): void {
    this.hub.close();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.hub.close();
    await this.starting?.catch(() => {});
    await this.listener?.stop();
    this.listener = null;
  }

  private async dispatch(msg: LiveMessage): Promise<void> {
    try {
      // A source's own frame (issue 25): to its token streams, `all` included.
      if (msg.k === 'frame') {
        publishFrame(this.hub, msg);
        return;
      }
      if (msg.all) {
        this.publishAll(resyncFrame(msg.k), 'event');
        return;
      }
      const users = this.hub.connected(msg.u ?? []);
      if (users.length === 0) return;
      const handler = this.kinds[msg.k];
      if (!handler) {
        this.publish(users, resyncFrame(msg.k), 'event');
        return;
      }
      await handler(msg, users, this.kindContext);
    } catch (err) {
      this.onError(err, 'live: turning a message into frames', { kind: msg.k });
      if (msg.u) this.publish(msg.u, resyncFrame(msg.k), 'event');
    }
  }

  // One query for all users waiting for a badge (the coalescer's round).
  private async publishBadges(userIds: number[]): Promise<void> {
    const users = this.hub.connected(userIds);
    if (users.length === 0) return;
    try {
      const counts = await badgeCounts(this.store.db, users);
      for (const [userId, badge] of counts) this.hub.publish([userId], { type: 'badge', data: { badge } }, 'event', 'unscoped');
    } catch (err) {
      this.onError(err, 'live: badge query');
      this.publish(users, resyncFrame('badge'), 'event');
    }
  }
}
