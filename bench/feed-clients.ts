// The clients of bench/feed (issue 28), in a process of their own so that the
// server's process measures its own CPU alone: given a phase over IPC (the
// server's address, the requests as [path, login], how many clients), it
// sends them from that many concurrent clients — each taking the next request
// from the shared list — checks every answer, and replies with each request's
// milliseconds.
interface Phase {
  /** The servers' addresses: client k sends to bases[k mod n] (bench/feed --servers). */
  bases: string[];
  requests: Array<[string, string]>;
  clients: number;
}

async function run({ bases, requests, clients }: Phase): Promise<number[]> {
  const ms: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, k) => {
      const base = bases[k % bases.length]!;
      while (next < requests.length) {
        const [path, login] = requests[next++]!;
        const t0 = performance.now();
        const res = await fetch(`${base}${path}`, { headers: login === '' ? {} : { 'x-remote-user': login } });
        const text = await res.text();
        ms.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${text.slice(0, 300)}`);
      }
    }),
  );
  return ms;
}

process.on('message', (phase: Phase) => {
  run(phase).then(
    (ms) => process.send!({ ms }),
    (err: Error) => process.send!({ error: err.message }),
  );
});
