// A notice addressed to an audience (issue 24): its recipients are the
// audience's members at write time, narrowed to `recipients` when the notice
// lists some too (the job system's narrowing, seed 003). One statement per
// audience named, inside the write's transaction, whatever its size; the
// members are users already, so none is made here.
import { findAudiences, membersOf } from '../db/audiences.ts';
import type { Db } from '../db/connect.ts';
import { HadoError } from '../errors.ts';
import { MAX_AUDIENCE_MEMBERS } from './audiences.ts';
import { type NoticeInput, noticeInvalid } from './notice-input.ts';

/** All audience recipients of one batch together: one full audience. */
export const MAX_AUDIENCE_RECIPIENTS_PER_BATCH = MAX_AUDIENCE_MEMBERS;

export interface ResolvedAudiences {
  /** The batch with each audience notice's recipients replaced by its (narrowed) members, sorted. */
  inputs: NoticeInput[];
  /** The user id of every login an audience brought in. */
  ids: Map<string, number>;
}

/** Resolves the audiences a batch names; an unknown one is a 422 naming notices[i].audience. */
export async function resolveAudiences(trx: Db, sourceId: number, inputs: NoticeInput[]): Promise<ResolvedAudiences> {
  const ids = new Map<string, number>();
  const named = inputs.filter((i) => i.audience !== null);
  if (named.length === 0) return { inputs, ids };
  const audiences = await findAudiences(
    trx,
    sourceId,
    named.map((i) => i.audience!),
  );
  let total = 0;
  const out = [...inputs];
  for (const input of named) {
    const id = audiences.get(input.audience!);
    if (id === undefined) {
      throw noticeInvalid(input.index, 'audience', `this source has no audience "${input.audience}"; make it with PUT /api/audiences/{name}`);
    }
    const members = await membersOf(trx, id, input.call.recipients.length > 0 ? input.call.recipients : null);
    total += members.length;
    if (total > MAX_AUDIENCE_RECIPIENTS_PER_BATCH) {
      throw new HadoError(422, 'invalid', `notices: at most ${MAX_AUDIENCE_RECIPIENTS_PER_BATCH} audience recipients per batch in total; split the batch`, {
        field: 'notices',
      });
    }
    for (const m of members) ids.set(m.login, m.id);
    out[out.indexOf(input)] = { ...input, call: { ...input.call, recipients: members.map((m) => m.login) } };
  }
  return { inputs: out, ids };
}
