// Settings: time zone and quiet hours (SPEC A8), PATCH /me. The zone field
// offers every IANA zone the browser knows and the device's own zone when
// it differs from the saved one; after a save the event list is re-read,
// since due words and quiet times follow the zone.
import { $, api, setStatus, submitWith } from './hado.js';
import { refreshGroups, setBadge } from './events.js';

/** A searchable list of every IANA zone the browser knows (the datalist the server leaves empty). */
function fillZones(list) {
  let zones = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones.unshift('UTC');
  const frag = document.createDocumentFragment();
  for (const z of zones) {
    const option = document.createElement('option');
    option.value = z;
    frag.append(option);
  }
  list.append(frag);
}

export function startSettings() {
  const form = $('#settings-form');
  if (!form) return;
  const tz = form.elements.tz;
  fillZones($('#tz-list'));

  // The browser's own zone, offered when it differs from the saved one (the words around it are the server's).
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offer = $('#use-device-tz');
  const updateOffer = () => {
    offer.hidden = !device || device === tz.value.trim();
  };
  if (device) $('span', offer).textContent = device;
  updateOffer();
  tz.addEventListener('input', updateOffer);
  offer.addEventListener('click', () => {
    tz.value = device;
    updateOffer();
    tz.focus();
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submitWith(form, async () => {
      const me = await api('PATCH', '/me', {
        tz: tz.value.trim(),
        quiet_start: form.elements.quiet_start.value,
        quiet_end: form.elements.quiet_end.value,
      });
      tz.value = me.tz;
      form.elements.quiet_start.value = me.quiet_start;
      form.elements.quiet_end.value = me.quiet_end;
      $('#zone-name').textContent = me.tz;
      updateOffer();
      setStatus(form, 'form.saved');
      setBadge(me.badge);
      await refreshGroups();
    });
  });
}
