// Adds Home Assistant as a webhook channel for one user, with HA's REST API
// as the presence check (no shim): Hado asks
//   GET <HA>/api/states/person.<name>   Authorization: Bearer <long-lived token>
// and reads the answer's `state`: "home" is present, any other state absent.
// Reminders go to HA's webhook trigger (deliver_url).
//
// /me/* is the user's side, behind the hub's forward-auth proxy: run this
// through it, or on the Hado machine in local mode (no X-Remote-User needed).
//
//   HADO_URL=http://127.0.0.1:8080 HADO_USER=nikita \
//   HA_URL=http://homeassistant.local:8123 HA_TOKEN=<long-lived token> HA_PERSON=nikita \
//   DELIVER_URL=http://homeassistant.local:8123/api/webhook/<your webhook id> node setup.js
const hado = process.env.HADO_URL ?? 'http://127.0.0.1:8080';
const ha = process.env.HA_URL ?? 'http://homeassistant.local:8123';
const need = (key) => process.env[key] ?? (console.error(`${key} is required`), process.exit(2));

const body = {
  type: 'webhook',
  config: {
    deliver_url: need('DELIVER_URL'),
    // The "Home Assistant person" preset of the settings page, as JSON:
    presence_url: `${ha}/api/states/person.${need('HA_PERSON')}`,
    presence_headers: { Authorization: `Bearer ${need('HA_TOKEN')}` },
    presence_field: 'state',
    presence_present: ['home'],
  },
};
const headers = { 'content-type': 'application/json' };
if (process.env.HADO_USER) headers['x-remote-user'] = process.env.HADO_USER;
const res = await fetch(new URL('/me/channels', hado), { method: 'POST', headers, body: JSON.stringify(body) });
const answer = await res.json();
if (res.status !== 201) {
  console.error(`Hado refused the channel: ${res.status} ${answer.error?.message}`);
  process.exit(1);
}
console.log(`channel ${answer.channel.id}: presence from ${answer.channel.config.presence_url} (headers: ${answer.channel.config.presence_headers.join(', ')})`);
// Shown this once: put it where the signature is checked (hado_relay.py, or secrets.yaml).
console.log(`HADO_WEBHOOK_SECRET=${answer.secret}`);
