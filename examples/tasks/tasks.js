// A job queue's notices (the Yume case, seed 003): a stream of requests
// about one object folds into one `group` notice with a counter; a one-time
// task is `claim`ed by the first operator who takes it; every job may run
// more than once (at-least-once delivery), and its dedupe_key makes the
// second run write nothing.
//
//   HADO_URL=… HADO_TOKEN=hado_… node tasks.js
import { createClient } from 'hado/client';

const base = process.env.HADO_URL ?? 'http://127.0.0.1:8080';
const hado = createClient({ baseUrl: base, token: process.env.HADO_TOKEN });
const operators = ['ana', 'boris'];

/** An at-least-once queue: every job is handed out, and some are handed out again. */
async function drain(jobs, handle) {
  for (const job of jobs) {
    await handle(job);
    if (job.redelivered) await handle(job); // the worker died after the write, before its ack
  }
}

// New requests for one shop fold into one notice: "New requests (3): request #103".
const requests = [101, 102, 103].map((n, i) => ({ kind: 'request', n, redelivered: i === 1 }));
// A one-time task: the first operator to claim it takes it.
const callBack = { kind: 'task', id: 'call-back-7', redelivered: true };

await drain([...requests, callBack], async (job) => {
  if (job.kind === 'request') {
    const [r] = await hado.postNotices([
      {
        recipients: operators,
        mode: 'group',
        source_ref: 'shop:5',
        topic: 'requests',
        title: `New request #${job.n}`,
        group: { template: 'New requests', messages: [`request #${job.n}`] },
        data: { last: job.n },
        dedupe_key: `request:${job.n}`,
      },
    ]);
    console.log(`request #${job.n}: ${r.result}, count ${r.count}: ${r.title}`);
  } else {
    const r = await hado.postNotices({
      recipients: operators,
      topic: 'tasks',
      source_ref: `task:${job.id}`,
      title: 'Call back the customer of order 7',
      claim: true,
      dedupe_key: `task:${job.id}`,
    });
    console.log(`task ${job.id}: ${r.result} (notice ${r.id})`);
    job.notice = r.id;
  }
});

// Two operators press "Take it" at once; one wins, the other is told who has it.
// (/me/* is behind forward-auth; this script stands in for the proxy with X-Remote-User.)
const claim = (login) =>
  fetch(new URL(`/me/notices/${callBack.notice}/claim`, base), { method: 'POST', headers: { 'x-remote-user': login } }).then(
    async (res) => ({ login, status: res.status, body: await res.json() }),
  );
const answers = await Promise.all(operators.map(claim));
for (const a of answers.sort((x, y) => x.status - y.status)) {
  console.log(a.status === 200 ? `${a.login} claimed it` : `${a.login}: ${a.status} ${a.body.error.message}`);
}
