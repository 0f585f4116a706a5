// examples/tasks against a real Hado: group notices with a counter, a
// redelivered job written once thanks to dedupe_key, and a claim race won by
// exactly one operator.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ExampleHado, runExample, startHado } from './support.ts';

let hado: ExampleHado;
beforeAll(async () => {
  hado = await startHado();
});
afterAll(() => hado.close());

it('examples/tasks/tasks.js', async () => {
  const run = await runExample('node', 'examples/tasks/tasks.js', { HADO_URL: hado.url, HADO_TOKEN: hado.token });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.slice(0, 6)).toEqual([
    'request #101: created, count 1: New request #101',
    'request #102: grouped, count 2: New requests (2): request #102',
    'request #102: duplicate, count 2: New requests (2): request #102',
    'request #103: grouped, count 3: New requests (3): request #103',
    expect.stringMatching(/^task call-back-7: created \(notice \d+\)$/),
    expect.stringMatching(/^task call-back-7: duplicate \(notice \d+\)$/),
  ]);
  const [won, lost] = lines.slice(6);
  const winner = /^(ana|boris) claimed it$/.exec(won!)?.[1];
  expect(winner).toBeDefined();
  const loser = winner === 'ana' ? 'boris' : 'ana';
  expect(lost).toMatch(new RegExp(`^${loser}: 409 Notice \\d+ is already claimed by ${winner}$`));
  // Each operator sees one group notice (count 3) and the task, claimed by the winner.
  const feed = JSON.parse((await hado.app.inject({ method: 'GET', url: '/me/notices', headers: { 'x-remote-user': loser } })).body) as {
    notices: Array<{ title: string; group: { count: number } | null; claim: { claimed_by: string } | null }>;
  };
  expect(feed.notices).toHaveLength(2);
  expect(feed.notices.find((n) => n.group)?.group?.count).toBe(3);
  expect(feed.notices.find((n) => n.claim)?.claim?.claimed_by).toBe(winner);
});
