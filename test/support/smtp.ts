// A local SMTP server for tests (issue 17): receives every mail on
// 127.0.0.1, parses it (mailparser) and keeps it with its raw headers; it
// can be told to refuse the next mails with an SMTP reply (550, 451) or to
// require a login.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
  /** A header's value as written (the first one of that name), unfolded. */
  header(name: string): string | undefined;
}

export interface FakeSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Replies for the next mails (at DATA's end), one per mail: e.g. [550] or [451, 451]. */
  refuse: number[];
  /** The Message-ID of every mail refused with a reply from `refuse`, in order. */
  refusedIds: string[];
  /** Mails accepted, counted even when not parsed (the bench). */
  accepted: number;
  /** Waits until `n` mails have arrived (or throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const re = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im');
  return re.exec(unfolded)?.[1]?.trim();
}

export async function startFakeSmtp(opts: { parse?: boolean; auth?: { user: string; pass: string } } = {}): Promise<FakeSmtp> {
  const parse = opts.parse ?? true;
  const state: Omit<FakeSmtp, 'url' | 'port' | 'close' | 'waitFor'> = { mails: [], refuse: [], refusedIds: [], accepted: 0 };
  const server = new SMTPServer({
    // No TLS in the test: nodemailer then sends in clear, as it would to a relay without STARTTLS.
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    size: 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) return callback(null, { user: auth.username });
      const err = new Error('Invalid username or password') as Error & { responseCode: number };
      err.responseCode = 535;
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = state.refuse.shift();
        if (code !== undefined) {
          state.refusedIds.push(headerOf(Buffer.concat(chunks).toString('utf8'), 'Message-ID') ?? '');
          const err = new Error(code >= 500 ? 'Mailbox unavailable (test)' : 'Try again later (test)') as Error & { responseCode: number };
          err.responseCode = code;
          return callback(err);
        }
        state.accepted++;
        if (!parse) return callback();
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            state.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
              header: (name) => headerOf(raw, name),
            });
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const auth = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : '';
  const fake = Object.assign(state, {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    async waitFor(n: number, ms = 5000) {
      const until = performance.now() + ms;
      while (fake.mails.length < n) {
        if (performance.now() > until) throw new Error(`waited ${ms} ms for ${n} mails, got ${fake.mails.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return fake.mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeSmtp;
  return fake;
}
