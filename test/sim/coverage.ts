// What one run of the simulation covers (issue 9 asks for the count): zones,
// DST transitions, scenarios and simulated time, gathered by the tests and
// printed once at the end of each file.
import { MINUTE } from './simulator.ts';

const YEAR = 365.25 * 24 * 60 * MINUTE;

export class Coverage {
  readonly zones = new Set<string>();
  readonly transitions = new Set<string>();
  scenarios = 0;
  simulatedMs = 0;
  steps = 0;

  add(zone: string, from: number, until: number, steps: number): void {
    this.zones.add(zone);
    this.scenarios++;
    this.simulatedMs += until - from;
    this.steps += steps;
  }

  report(label: string): string {
    return (
      `${label}: ${this.zones.size} zones, ${this.transitions.size} DST transitions, ${this.scenarios} scenarios, ` +
      `${(this.simulatedMs / YEAR).toFixed(1)} simulated event-years, ${this.steps} ticks looked at`
    );
  }
}

/** A small seeded generator (mulberry32): the same seed, the same choices. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a text (FNV-1a), to derive per-zone seeds from the run's seed. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The run's seed: HADO_SIM_SEED, or a fixed one so that CI runs are reproducible. */
export const SEED = Number(process.env.HADO_SIM_SEED ?? 20_261_201);
