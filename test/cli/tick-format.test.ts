import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/cli/tick.ts';
import { Temporal } from '../../src/domain/time.ts';

const at = Temporal.Instant.from('2026-08-15T00:00:00Z');
const base = { id: 7, source: 'docs', sourceRef: 'person:42', topic: 'birthday', user: 'nikita' };

describe('hado tick output', () => {
  it('prints each transition, and the new round of a series rolled forward', () => {
    const lines = formatReport(
      {
        at,
        transitions: [
          { ...base, from: 'today', to: 'expired' },
          { ...base, id: 8, topic: '', from: 'done', to: 'scheduled', newRound: '2027-08-14' },
        ],
        decisions: [],
        notices: [],
        swept: 0,
      },
      false,
    );
    expect(lines).toContain('Tick at 2026-08-15T00:00:00Z: 2 transition(s)');
    expect(lines).toContain('  event 7 (docs person:42/birthday, user nikita): today → expired');
    expect(lines).toContain('  event 8 (docs person:42, user nikita): done → scheduled (series rolled forward to 2027-08-14)');
  });

  it('says so when another scheduler holds the tick, and marks a dry run', () => {
    const lines = formatReport({ at, transitions: null, decisions: null, notices: null, swept: 0 }, true);
    expect(lines[0]).toMatch(/^Dry run/);
    expect(lines).toContain('Another scheduler is ticking right now; nothing done.');
  });
});
