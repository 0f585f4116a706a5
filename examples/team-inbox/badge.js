// A badge kept by GET /me/stream (SSE), the way an inbox's bell does
// (seed 002, InboxLiveProvider): the count read once, then the server's
// `unread` frames, and a re-read after any `resync` or reconnect (frames
// are not replayed). Node 20 has no EventSource: a few lines of fetch.
//
// /me/* sits behind the hub's forward-auth proxy, which sets X-Remote-User;
// this reader stands in for it (Hado trusts the header from loopback, see
// HADO_TRUSTED_PROXIES). In a browser the page simply opens
// new EventSource('/me/stream') under the user's session.

export function streamBadge({ baseUrl, login, onBadge }) {
  const headers = { 'x-remote-user': login };
  const controller = new AbortController();
  let label = null;
  const waiters = [];
  const set = (next) => {
    if (next === label) return;
    label = next;
    onBadge(label);
    for (const w of [...waiters]) {
      if (!w.test(label)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  // The count comes with any page of the feed: one item is enough.
  const reread = async () => {
    const res = await fetch(new URL('/me/notices?limit=1', baseUrl), { headers, signal: controller.signal });
    set((await res.json()).unread_label);
  };

  let readyResolve;
  const ready = new Promise((resolve) => (readyResolve = resolve));
  (async () => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(new URL('/me/stream', baseUrl), { headers, signal: controller.signal });
        await reread();
        readyResolve();
        let buffer = '';
        const decoder = new TextDecoder();
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (type === 'unread') set(JSON.parse(data).unread_label);
            else if (type === 'resync') await reread();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch (e) {
        if (controller.signal.aborted) return;
        console.error(`stream: ${e.message}; reconnecting`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();

  return {
    ready,
    /** Resolves once the badge satisfies `test`. */
    waitFor: (test) => (label !== null && test(label) ? Promise.resolve() : new Promise((resolve) => waiters.push({ test, resolve }))),
    close: () => controller.abort(),
  };
}
