// What went wrong, as one line a person can read (issue 27): libraries throw
// more than Errors — PGlite's Emscripten runtime throws plain objects (an
// ExitStatus, an errno), some code throws strings — and `String(e)` of an
// object reads "[object Object]".

const MAX = 300;

const clip = (text: string): string => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

/** A readable one-line description of anything thrown. Pure; never throws. */
export function describeFailure(e: unknown): string {
  try {
    if (e instanceof Error) return clip(e.message || e.name);
    if (typeof e === 'string') return clip(e || 'an empty error');
    if (e === null || e === undefined) return 'an unknown error';
    if (typeof e !== 'object') return clip(String(e));
    const o = e as Record<string, unknown>;
    if (typeof o.message === 'string' && o.message) return clip(o.message);
    // Emscripten's ExitStatus ({ name: 'ExitStatus', status }) and ErrnoError ({ errno }).
    if (typeof o.status === 'number') return `the database engine stopped (${typeof o.name === 'string' ? o.name : 'exit'} status ${o.status})`;
    if (typeof o.errno === 'number') return `a file system error (errno ${o.errno}${typeof o.code === 'string' ? `, ${o.code}` : ''})`;
    const json = JSON.stringify(e);
    return json && json !== '{}' ? clip(json) : `an error of type ${Object.prototype.toString.call(e).slice(8, -1)}`;
  } catch {
    return 'an error that cannot be described';
  }
}
