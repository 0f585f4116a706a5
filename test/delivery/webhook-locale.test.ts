// The webhook body names the recipient's language (issue 13): `event.locale`
// and `notice.locale`, so a receiver such as Home Assistant can speak it. The
// rest of the body stays as documented (done_label defaults to "Done").
import { describe, expect, it } from 'vitest';
import { composeMessage } from '../../src/core/messages.ts';
import type { ClaimedDelivery } from '../../src/db/deliveries.ts';

const eventRow = (over: Partial<ClaimedDelivery>) =>
  ({
    id: 9,
    action_token: 'tok',
    round: 1,
    event_id: 17,
    event_round: 1,
    event_state: 'today',
    event_due_at: '2026-08-14',
    event_payload: { title: 'День рождения Васи' },
    notice_id: null,
    source: 'docs',
    locale: 'ru',
    ...over,
  }) as ClaimedDelivery;

describe('webhook body locale', () => {
  it('an event carries its recipient’s language; the client’s texts and the "Done" default are untouched', () => {
    const composed = composeMessage(eventRow({}), 'https://hado.example');
    expect(composed.ok).toBe(true);
    if (!composed.ok) return;
    expect(composed.message.body.event).toMatchObject({ title: 'День рождения Васи', done_label: 'Done', locale: 'ru' });
    expect(composed.message.locale).toBe('ru');
    // No client label: each channel says Done in the reader's words (Telegram: «Готово»).
    expect(composed.message.doneLabel).toBeNull();
  });

  it('a stored code Hado no longer speaks reads as English', () => {
    const composed = composeMessage(eventRow({ locale: 'xx' }), 'https://hado.example');
    expect(composed.ok && composed.message.body.event).toMatchObject({ locale: 'en' });
  });

  it('a notice carries it too', () => {
    const composed = composeMessage(
      {
        id: 3,
        action_token: 'tok',
        round: 1,
        event_id: null,
        notice_id: 41,
        push_seq: 1,
        source: 'docs',
        notice_source_ref: null,
        notice_topic: '',
        notice_mode: 'create',
        notice_title: 'Нова заявка',
        notice_body: null,
        notice_deep_link: null,
        notice_actor: null,
        notice_urgent: false,
        notice_data: {},
        notice_group_count: 1,
        notice_group_messages: [],
        notice_created_at: new Date('2026-08-01T10:00:00Z'),
        notice_updated_at: new Date('2026-08-01T10:00:00Z'),
        locale: 'uk',
      } as unknown as ClaimedDelivery,
      'https://hado.example',
    );
    expect(composed.ok && composed.message.body.notice).toMatchObject({ title: 'Нова заявка', locale: 'uk' });
    expect(composed.ok && composed.message.locale).toBe('uk');
  });
});
