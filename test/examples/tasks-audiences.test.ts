// examples/tasks/audiences.py against a real Hado: the job system's notices
// to a company's staff (an audience) narrowed by an explicit list — create,
// upsert, group, a member leaving, a claimed task — as its Python workers
// would write them with hado_client (issues 24 and 30).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSource } from '../support/app.ts';
import { type ExampleHado, needPython, runExample, startHado } from './support.ts';

let hado: ExampleHado;
let token: string;
beforeAll(async () => {
  hado = await startHado();
  token = await createSource(hado, 'yume', ['provision']);
});
afterAll(() => hado.close());

it('examples/tasks/audiences.py (hado_client)', async (ctx) => {
  await needPython(ctx, 'the Python example cannot run');
  const run = await runExample('python3', 'examples/tasks/audiences.py', { HADO_URL: hado.url, HADO_TOKEN: token, PYTHONPATH: 'clients/python/src' });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout.trim().split('\n')).toEqual([
    'audience company-5/staff: 4 members (created)',
    'create: created, count 1: Order 7 needs a refund -> ana,vera',
    'upsert: created, count 1: Order 8 paid -> ana,boris,dmytro,vera',
    'upsert: updated, count 1: Order 8 shipped -> ana,boris',
    'group #101: created, count 1: New request #101 -> boris,vera',
    'group #102: grouped, count 2: New requests (2): request #102 -> boris,vera',
    'group #102: duplicate, count 2: New requests (2): request #102 -> boris,vera',
    'dmytro left: 3 members',
    'create: created, count 1: Maintenance tonight at 23:00 -> ana,boris,vera',
    'task: created, count 1: Call back the customer of order 7 -> ana,boris',
    'ana: claimed',
    expect.stringMatching(/^boris: 409 Notice \d+ is already claimed by ana$/),
    expect.stringMatching(/^company 6: notices\[0\]\.audience: this source has no audience "company-6\/staff"/),
  ]);
  // What the inboxes show: the outsider was never made a user; Dmytro has the upsert's first push only
  // (replaced out of it), not the maintenance notice.
  const user = await hado.store.db.selectFrom('users').select('id').where('login', '=', 'outsider').executeTakeFirst();
  expect(user).toBeUndefined();
  const feed = async (login: string) =>
    (
      JSON.parse((await hado.app.inject({ method: 'GET', url: '/me/notices', headers: { 'x-remote-user': login } })).body) as {
        notices: Array<{ title: string }>;
      }
    ).notices
      .map((n) => n.title)
      .sort();
  expect(await feed('dmytro')).toEqual([]);
  expect(await feed('vera')).toEqual(['Maintenance tonight at 23:00', 'New requests (2): request #102', 'Order 7 needs a refund']);
});
