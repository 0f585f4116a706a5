// examples/team-inbox against a real Hado: notices to several recipients
// with dedupe_key (a redelivered batch writes nothing), and a /me/stream
// reader whose badge follows the server's unread count.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ExampleHado, runExample, startHado } from './support.ts';

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
