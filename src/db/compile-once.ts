// A hot statement of fixed shape, compiled by Kysely once (issue 28). Kysely
// builds a query's tree and compiles it to text on every call; for the feed,
// run on every open of the inbox, that is CPU the event loop need not spend
// per request. The statement is built once with a slot where each value of a
// call goes, and every call sends that same text with its own values (and the
// statement's constants: what was not a slot). Both backends speak Postgres:
// the text is the same on PGlite and on a server.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './notices.ts';

/** Where a call's value goes: stands in for it while the statement is built. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * `build` makes the statement from `values`, slots standing in for them (it
 * may only pass them on to Kysely as values, never look at them). Returns the
 * statement's runner: the first call compiles it (with that call's executor).
 */
export function compileOnce<V extends Record<string, unknown>, R>(
  names: ReadonlyArray<keyof V & string>,
  build: (db: Executor, values: V) => Compilable<R>,
): (db: Executor, values: V) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; from: Array<(keyof V & string) | null> } | null = null;
  return async (db, values) => {
    if (compiled === null) {
      const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as V;
      const query = build(db, slots).compile();
      const from = query.parameters.map((p) => (p instanceof Slot ? (p.name as keyof V & string) : null));
      for (const name of names) if (!from.includes(name)) throw new Error(`compileOnce: ${name} is not a value of the statement`);
      compiled = { query, from };
    }
    const { query, from } = compiled;
    return (await db.executeQuery<R>({ ...query, parameters: from.map((name, i) => (name === null ? query.parameters[i] : values[name])) })).rows;
  };
}
