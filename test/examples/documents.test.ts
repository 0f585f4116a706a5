// examples/documents against a real Hado: the JavaScript client (hado/client)
// and the Python one (urllib only) push the same kinds of events, show the
// re-push trap, and read the 422's field and index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExampleHado, needPython, runExample, startHado } from './support.ts';

let hado: ExampleHado;
beforeAll(async () => {
  hado = await startHado();
});
afterAll(() => hado.close());

const env = (user: string) => ({ HADO_URL: hado.url, HADO_TOKEN: hado.token, HADO_USER: user });

function checkOutput(stdout: string) {
  expect(stdout).toMatch(/^pushed person:42 birthday: scheduled$/m);
  expect(stdout).toMatch(/^pushed document:7 expiry: preparing$/m);
  expect(stdout).toMatch(/^person:42 birthday: .*14 Aug.*; current \d{4}-08-14, next \d{4}-08-14$/m);
  expect(stdout).toMatch(/^trap: pushed today's birthday → today$/m);
  expect(stdout).toMatch(/^trap: re-pushed next year on the day → scheduled \(the reminder is gone\)$/m);
  expect(stdout).toMatch(/^rule: pushed twice on the day → today$/m);
  expect(stdout).toMatch(/^document:\d expiry: withdrawn$/m);
  expect(stdout).toMatch(/^refused: 422 invalid index=0 field=fire_at: events\[0\]\.fire_at: \d{4}-\d{2}-\d{2} is after the due day/m);
}

describe('examples/documents', () => {
  it('documents.js (hado/client)', async () => {
    const run = await runExample('node', 'examples/documents/documents.js', env('nikita'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    checkOutput(run.stdout);
    const me = await hado.app.inject({ method: 'GET', url: '/me/events', headers: { 'x-remote-user': 'nikita' } });
    const titles = (JSON.parse(me.body) as { events: Array<{ payload: { title: string } }> }).events.map((e) => e.payload.title);
    expect(titles).toEqual(expect.arrayContaining(["Vasya's birthday", 'Passport expires', 'Flight IB3170 from Madrid']));
  });

  it('documents.py (standard library only)', async (ctx) => {
    await needPython(ctx, 'the Python example cannot run');
    const run = await runExample('python3', 'examples/documents/documents.py', env('ana'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    checkOutput(run.stdout);
  });
});
