// Issue 9's proof: random events, users, presence and actions, simulated
// minute by minute around DST transitions of every IANA zone that has one in
// 2020–2035, and in the zones at the edges of the offset range; the
// invariants of invariants.ts must hold in every run.
//
// Two sweeps, both seeded (HADO_SIM_SEED, fixed by default so CI is
// reproducible). The simulator is pure, so the deep sweep need run only once
// per CI run: CI runs `npm test` twice, and DATABASE_URL picks the sweep.
// - Deep (the default without DATABASE_URL): every transition of every zone,
//   one scenario each, its kind (any / nobody present / DST edges) rotating
//   from one transition to the next (a shift the seed picks per zone), so in
//   any three consecutive years each kind meets a spring and a fall change;
//   a zone with fewer than three transitions takes every kind at them.
// - Small (the default with DATABASE_URL): two consecutive transitions per
//   zone at a year the seed picks, every kind at each, two scenarios apiece.
// HADO_SIM_TRANSITIONS=all|two picks the transitions, HADO_SIM_KINDS=one|all
// the kinds per transition, HADO_SIM_RUNS the scenarios per transition and
// kind; `HADO_SIM_KINDS=all` with the deep sweep is the deepest run (about
// three times the CPU of the default one).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { scenarioArb } from './arbitraries.ts';
import { Coverage, hash, rng, SEED } from './coverage.ts';
import { blindExactly, general } from './invariants.ts';
import { type SimInput, simulate } from './simulator.ts';
import { allTransitions, dstZones, EXTREME_ZONES, FROM, nextTransition, UNTIL } from './zones.ts';

/** The run on PostgreSQL takes the small sweep: the deep one ran on PGlite already, and its result cannot differ. */
const DEEP_BY_DEFAULT = !process.env.DATABASE_URL;
const ALL = (process.env.HADO_SIM_TRANSITIONS ?? (DEEP_BY_DEFAULT ? 'all' : 'two')) === 'all';
const EVERY_KIND = (process.env.HADO_SIM_KINDS ?? (ALL ? 'one' : 'all')) === 'all';
const RUNS = Number(process.env.HADO_SIM_RUNS ?? (ALL ? 1 : 2));
const ZONES = dstZones();
const EXTRA = EXTREME_ZONES.filter((z) => !ZONES.includes(z));
/** Zones for fixed dues and rule zones: the extremes and a few of the busiest. */
const OTHER_ZONES = [...EXTREME_ZONES, 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'America/Santiago'];
/** The kinds of scenario: any presence with Ack and Done; nobody present (the exact blind schedule); the DST edges (quiet_end and a local due near the transition's wall clock). */
const KINDS = [
  ['any', false, false],
  ['blind', true, false],
  ['edges', true, true],
] as const;
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

/**
 * The kinds simulated at the i-th of a zone's n instants: every kind, or one
 * in turn (shifted by the seed), each kind at least once in the zone.
 */
function kindsAt(zone: string, i: number, n: number): (typeof KINDS)[number][] {
  if (EVERY_KIND || !ZONES.includes(zone)) return [...KINDS];
  const m = Math.min(n, KINDS.length);
  const turn = (i + (hash(`${SEED}|${zone}|kinds`) % KINDS.length)) % m;
  return KINDS.filter((_, k) => k % m === turn);
}

function check(input: SimInput, blind: boolean, zone: string): void {
  const r = simulate(input);
  coverage.add(zone, input.pushAt, input.until, r.steps);
  const problems = [...general(input, r), ...(blind ? blindExactly(input, r) : [])];
  if (problems.length > 0) throw new Error(`${zone}: ${problems.slice(0, 8).join('\n')}`);
}

afterAll(() => {
  console.log(
    coverage.report(
      `simulation (seed ${SEED}, ${ALL ? 'every transition' : 'two transitions a zone'}, ${EVERY_KIND ? 'every kind' : 'one kind'} each, ${RUNS} run(s))`,
    ),
  );
});

describe.each([...ZONES, ...EXTRA])('%s', (zone) => {
  it('around its transitions: any presence, Ack and Done; nobody present (the exact blind schedule); DST edges', () => {
    const at = instantsOf(zone);
    expect(at.length).toBeGreaterThan(0);
    for (const [i, instant] of at.entries()) {
      if (ZONES.includes(zone)) coverage.transitions.add(`${zone}@${instant.toString()}`);
      for (const [kind, blind, edges] of kindsAt(zone, i, at.length)) {
        const arb = scenarioArb({ at: instant.epochMilliseconds, tz: zone, zones: OTHER_ZONES, blind, edges, maxDaysBefore: edges ? 2 : 4 });
        fc.assert(
          fc.property(arb, (input) => check(input, blind, zone)),
          { numRuns: RUNS, seed: hash(`${SEED}|${zone}|${i}|${kind}`) },
        );
      }
    }
  });
});
