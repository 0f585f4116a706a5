// hado/client's audience methods (issue 24) against a running Hado on a real
// port: a name with a slash travels as %2F, pages follow next_cursor, a
// notice names the audience, errors are HadoApiError naming the field.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, HadoApiError, type HadoClient } from '../../src/client/index.ts';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let hado: HadoClient;
let plain: HadoClient;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  hado = createClient({ baseUrl, token: await createSource(t, 'jobs', ['provision']), attempts: 1 });
  plain = createClient({ baseUrl, token: await createSource(t, 'plain'), attempts: 1 });
});
afterAll(() => t.close());

it('putAudience, patchAudience, getAudience (paged), a notice to it, deleteAudience', async () => {
  expect(await hado.putAudience('company-7/staff', ['ana', 'boris', 'olena'])).toEqual({
    name: 'company-7/staff',
    created: true,
    count: 3,
    added: 3,
    removed: 0,
  });
  expect(await hado.patchAudience('company-7/staff', { add: ['dmytro'], remove: ['boris'] })).toMatchObject({ count: 3, added: 1, removed: 1 });
  const first = await hado.getAudience('company-7/staff', { limit: 2 });
  expect(first.members).toHaveLength(2);
  const second = await hado.getAudience('company-7/staff', { limit: 2, cursor: first.next_cursor! });
  expect(second.next_cursor).toBeNull();
  expect([...first.members, ...second.members].sort()).toEqual(['ana', 'dmytro', 'olena']);
  const notice = await hado.postNotices({ audience: 'company-7/staff', recipients: ['ana', 'boris'], title: 'Shift swap' });
  expect(notice.recipients).toEqual(['ana']);
  await hado.deleteAudience('company-7/staff');
  await expect(hado.getAudience('company-7/staff')).rejects.toMatchObject({ status: 404, code: 'not_found' });
});

it('errors name the field and the capability', async () => {
  const bad = await hado.putAudience('x', ['ok', 'not a login']).catch((e: unknown) => e);
  expect(bad).toBeInstanceOf(HadoApiError);
  expect(bad).toMatchObject({ status: 422, field: 'members[1]', index: 1 });
  await expect(plain.putAudience('x', ['ana'])).rejects.toMatchObject({ status: 403, code: 'forbidden' });
});
