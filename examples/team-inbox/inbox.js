// A team workspace's inbox (the Kumquat case, seed 002): comments and
// mentions become notices to several recipients, each with a dedupe_key,
// so a job redelivered by the queue writes nothing twice. Then a reader of
// GET /me/stream keeps a recipient's badge live.
//
//   HADO_URL=… HADO_TOKEN=hado_… node inbox.js
import { createClient } from 'hado/client';
import { streamBadge } from './badge.js';

const base = process.env.HADO_URL ?? 'http://127.0.0.1:8080';
const hado = createClient({ baseUrl: base, token: process.env.HADO_TOKEN });

/** "Which event is the same event" lives in one place per kind (seed 002, dedupe.py). */
const dedupe = {
  comment: (commentId, recipient) => `comment:${commentId}:${recipient}`,
  mention: (commentId) => `mention:${commentId}`,
};

/** A comment on a task notifies its watchers but the author; a mention, the person named. */
function noticesForComment(comment, task) {
  const watchers = task.watchers.filter((w) => w !== comment.author);
  const notices = watchers.map((w) => ({
    recipients: [w],
    topic: 'comment',
    source_ref: `task:${task.id}`,
    title: `${comment.author} commented on ${task.title}`,
    body: comment.text,
    deep_link: `https://kumquat.example/tasks/${task.id}#c${comment.id}`,
    actor: comment.author,
    data: { task: task.id, comment: comment.id },
    dedupe_key: dedupe.comment(comment.id, w),
  }));
  for (const login of comment.text.match(/@(\w+)/g)?.map((m) => m.slice(1)) ?? []) {
    notices.push({
      recipients: [login],
      topic: 'mention',
      source_ref: `task:${task.id}`,
      title: `${comment.author} mentioned you on ${task.title}`,
      body: comment.text,
      deep_link: `https://kumquat.example/tasks/${task.id}#c${comment.id}`,
      actor: comment.author,
      urgent: false,
      dedupe_key: dedupe.mention(comment.id),
    });
  }
  return notices;
}

const task = { id: 12, title: 'Launch checklist', watchers: ['ana', 'boris', 'vera'] };

// Ana's badge, live: the reader starts first and reports each change.
const badge = streamBadge({ baseUrl: base, login: 'ana', onBadge: (label) => console.log(`ana's badge: ${label || '0'}`) });
await badge.ready;

const comment = { id: 981, author: 'boris', text: 'Ready on my side, @ana can you sign off?' };
const batch = noticesForComment(comment, task);
for (const r of await hado.postNotices(batch)) console.log(`${r.result} ${r.topic} for ${r.recipients.join(',')}`);
// The queue delivered the job again (at least once): the same keys write nothing.
for (const r of await hado.postNotices(batch)) console.log(`again: ${r.result} ${r.topic} for ${r.recipients.join(',')}`);

await badge.waitFor((label) => label === '2');
badge.close();
