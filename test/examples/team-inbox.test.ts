// examples/team-inbox against a real Hado: notices to several recipients
// with dedupe_key (a redelivered batch writes nothing), and a /me/stream
// reader whose badge follows the server's unread count.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createSource } from '../support/app.ts';
import { type ExampleHado, needPython, runExample, startHado } from './support.ts';

let hado: ExampleHado;
beforeAll(async () => {
  hado = await startHado();
});
afterAll(() => hado.close());

it('examples/team-inbox/inbox.js', async () => {
  const run = await runExample('node', 'examples/team-inbox/inbox.js', { HADO_URL: hado.url, HADO_TOKEN: hado.token });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines[0]).toBe("ana's badge: 0");
  expect(lines.filter((l) => !l.startsWith("ana's badge"))).toEqual([
    'created comment for ana',
    'created comment for vera',
    'created mention for ana',
    'again: duplicate comment for ana',
    'again: duplicate comment for vera',
    'again: duplicate mention for ana',
  ]);
  // Frames follow the writes as they commit: the badge may pass through 1, and ends at 2.
  expect(lines.filter((l) => l.startsWith("ana's badge")).at(-1)).toBe("ana's badge: 2");
  // What the inbox shows: two notices for Ana, one for Vera, none for the author.
  const feed = async (user: string) =>
    JSON.parse((await hado.app.inject({ method: 'GET', url: '/me/notices', headers: { 'x-remote-user': user } })).body) as {
      notices: Array<{ title: string }>;
      unread: number;
    };
  expect((await feed('ana')).unread).toBe(2);
  expect((await feed('vera')).notices.map((n) => n.title)).toEqual(['boris commented on Launch checklist']);
  expect((await feed('boris')).notices).toEqual([]);
});

// The Python port (hado_client): the kinds declared as topics, record() with
// its dedupe keys (a redelivered job writes nothing), an undeclared kind
// refused, and the grid the person then sees.
it('examples/team-inbox/inbox.py (hado_client)', async (ctx) => {
  await needPython(ctx, 'the Python example cannot run');
  const token = await createSource(hado, 'kumquat');
  const run = await runExample('python3', 'examples/team-inbox/inbox.py', { HADO_URL: hado.url, HADO_TOKEN: token, PYTHONPATH: 'clients/python/src' });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.slice(0, 2)).toEqual([
    'topics: 11 declared, 6 with Slack, 5 toasted',
    'undeclared kind: 422 notices[0].topic: "task_archived" is not one of this source\'s topics',
  ]);
  expect(lines).toContain('job comment.created 981 (delivery 1): created comment for ana; created comment for vera; created mention for ana');
  // The job the queue delivered twice: its second pass writes nothing.
  expect(lines).toContain('job comment.created 981 (delivery 2): duplicate comment for ana; duplicate comment for vera; duplicate mention for ana');
  expect(lines).toContain('job automation.failed 12 (delivery 2): duplicate automation_failed for boris');
  expect(lines).toContain('job comment.created 982 (delivery 1): nothing recorded');
  expect(lines).toContain('task done: withdrawn');
  // Every kind of the source that wrote to her, labelled and by section; Slack only where SLACK_KINDS has it.
  expect(lines.filter((l) => l.startsWith("ana's grid: ")).map((l) => l.slice("ana's grid: ".length))).toEqual([
    'Comments / Mentions: web slack',
    'Comments / Comments on my tasks: web slack',
    'Comments / Replies in my threads: web slack',
    'Tasks / Assigned to me: web slack',
    'Tasks / Status changes: web slack',
    'Tasks / Automation failed: web slack',
    'Runs / A run waits for me: web -',
    'Runs / Run failed: web -',
    'Exports / Export ready: web -',
    'Exports / Export failed: web -',
    'Deadlines / Deadlines: web -',
  ]);
  // What Hado keeps: the topics as declared, and each notice once.
  const declared = (await call(hado, 'GET', '/api/topics', { token })).body.topics as Array<{
    topic: string;
    channels: string[];
    toast: boolean;
    delivery: string;
  }>;
  expect(declared.find((t) => t.topic === 'export_ready')).toMatchObject({ channels: ['web'], toast: false, delivery: 'all' });
  expect(declared.find((t) => t.topic === 'mention')).toMatchObject({ channels: ['web', 'slack'], toast: true, delivery: 'all' });
  const feed = await call(hado, 'GET', '/me/notices', { user: 'ana' });
  const kumquat = (feed.body.notices as Array<{ source: string; topic: string; entity_label: string | null }>).filter((n) => n.source === 'kumquat');
  expect(kumquat.map((n) => n.topic).sort()).toEqual(['comment', 'export_ready', 'mention']);
  expect(kumquat.find((n) => n.topic === 'mention')?.entity_label).toBe('Launch checklist');
});
