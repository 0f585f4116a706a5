// Issue 9's proof: random events, users, presence and actions, simulated
// minute by minute around DST transitions of every IANA zone that has one in
// 2020–2035, and in the zones at the edges of the offset range; the
// invariants of invariants.ts must hold in every run.
//
// One run picks, for each zone, two consecutive transitions at a year chosen
// by the seed (HADO_SIM_SEED, fixed by default so CI is reproducible), and
// checks a few scenarios around each. HADO_SIM_TRANSITIONS=all takes every
// transition of every zone instead, and HADO_SIM_RUNS the scenarios per
// transition and property (a deep run: minutes per thousand transitions).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { scenarioArb } from './arbitraries.ts';
import { Coverage, hash, rng, SEED } from './coverage.ts';
import { blindExactly, general } from './invariants.ts';
import { type SimInput, simulate } from './simulator.ts';
import { allTransitions, dstZones, EXTREME_ZONES, FROM, nextTransition, UNTIL } from './zones.ts';

const ALL = process.env.HADO_SIM_TRANSITIONS === 'all';
const RUNS = Number(process.env.HADO_SIM_RUNS ?? 2);
const ZONES = dstZones();
const EXTRA = EXTREME_ZONES.filter((z) => !ZONES.includes(z));
/** Zones for fixed dues and rule zones: the extremes and a few of the busiest. */
const OTHER_ZONES = [...EXTREME_ZONES, 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'America/Santiago'];
const coverage = new Coverage();

/** The instants a zone is simulated around: DST transitions, or (without any) two seeded instants. */
function instantsOf(zone: string): Temporal.Instant[] {
  const random = rng(hash(`${SEED}|${zone}`));
  const span = UNTIL.epochMilliseconds - FROM.epochMilliseconds;
  const pickAt = () => Temporal.Instant.fromEpochMilliseconds(FROM.epochMilliseconds + Math.floor(random() * span));
  if (!ZONES.includes(zone)) return [pickAt(), pickAt()];
  if (ALL) return allTransitions(zone);
  const first =
    nextTransition(zone, pickAt()) ??
    // Past its last transition: take the last one.
    allTransitions(zone).at(-1)!;
  const second = nextTransition(zone, first);
  return second ? [first, second] : [first];
}

function check(input: SimInput, blind: boolean, zone: string): void {
  const r = simulate(input);
  coverage.add(zone, input.pushAt, input.until, r.steps);
  const problems = [...general(input, r), ...(blind ? blindExactly(input, r) : [])];
  if (problems.length > 0) throw new Error(`${zone}: ${problems.slice(0, 8).join('\n')}`);
}

afterAll(() => {
  console.log(coverage.report(`simulation (seed ${SEED}${ALL ? ', every transition' : ''})`));
});

describe.each([...ZONES, ...EXTRA])('%s', (zone) => {
  it('around its transitions: any presence, Ack and Done; nobody present (the exact blind schedule); DST edges', () => {
    const at = instantsOf(zone);
    expect(at.length).toBeGreaterThan(0);
    for (const [i, instant] of at.entries()) {
      if (ZONES.includes(zone)) coverage.transitions.add(`${zone}@${instant.toString()}`);
      // Any scenario; nobody present (exact blind schedule); and the DST edges: quiet_end and a due in the gap or the repeated hour.
      for (const [kind, blind, edges] of [
        ['any', false, false],
        ['blind', true, false],
        ['edges', true, true],
      ] as const) {
        const arb = scenarioArb({ at: instant.epochMilliseconds, tz: zone, zones: OTHER_ZONES, blind, edges, maxDaysBefore: edges ? 2 : 4 });
        fc.assert(
          fc.property(arb, (input) => check(input, blind, zone)),
          { numRuns: RUNS, seed: hash(`${SEED}|${zone}|${i}|${kind}`) },
        );
      }
    }
  });
});
