// Settings: time zone, quiet hours and language (SPEC A8, issue 13), PATCH
// /me. The zone field offers every IANA zone the browser knows and the
// device's own zone when it differs from the saved one; above the list, a
// one-click offer to switch to the device's zone (never done silently). After
// a save the event list is re-read, since due words and quiet times follow
// the zone; a new language reloads the page, since every word changes.
import { $, api, field, isBusy, say, setBusy, setStatus, showMessage, submitWith } from './hado.js';
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
  const form = /** @type {HTMLFormElement | null} */ ($('#settings-form'));
  if (!form) return;
  const tz = field(form, 'tz');
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

  const zoneOffer = startZoneOffer(device, (zone) => {
    tz.value = zone;
    updateOffer();
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submitWith(form, async () => {
      const locale = /** @type {HTMLSelectElement | null} */ (form.elements.namedItem('locale'));
      const me = await api('PATCH', '/me', {
        tz: tz.value.trim(),
        quiet_start: field(form, 'quiet_start').value,
        quiet_end: field(form, 'quiet_end').value,
        ...(locale ? { locale: locale.value } : {}),
      });
      if (locale && me.locale !== locale.dataset.current) {
        window.location.reload();
        return;
      }
      tz.value = me.tz;
      field(form, 'quiet_start').value = me.quiet_start;
      field(form, 'quiet_end').value = me.quiet_end;
      $('#zone-name').textContent = me.tz;
      updateOffer();
      zoneOffer(me.tz);
      setStatus(form, 'form.saved');
      setBadge(me.badge);
      await refreshGroups();
    });
  });
}

/**
 * The offer above the list when this device's zone is not the one Hado uses:
 * switch in one click, or keep the saved zone (remembered for that pair of
 * zones on this device). Returns the function to call after the zone changed.
 */
function startZoneOffer(device, onSwitched) {
  const box = $('#zone-offer');
  if (!box || !device) return () => {};
  const key = 'hado.zone-offer.kept';
  const kept = (current) => {
    try {
      return window.localStorage.getItem(key) === `${device}|${current}`;
    } catch {
      return false;
    }
  };
  const show = (current) => {
    box.dataset.tz = current;
    box.hidden = device === current || kept(current);
    if (box.hidden) return;
    $('.zone-offer-text', box).textContent = say('zone.offer', { zone: device, current });
    $('[data-zone="switch"] .btn-text', box).textContent = say('zone.switch', { zone: device });
    $('[data-zone="keep"] .btn-text', box).textContent = say('zone.keep', { current });
  };
  $('[data-zone="switch"]', box).addEventListener('click', async (e) => {
    const button = e.currentTarget;
    if (isBusy(button)) return;
    const error = $('.field-error', box);
    showMessage(error, '');
    setBusy(button, true);
    try {
      const me = await api('PATCH', '/me', { tz: device });
      $('#zone-name').textContent = me.tz;
      onSwitched(me.tz);
      show(me.tz);
      await refreshGroups();
    } catch (err) {
      showMessage(error, err.message);
    } finally {
      setBusy(button, false);
    }
  });
  $('[data-zone="keep"]', box).addEventListener('click', () => {
    try {
      window.localStorage.setItem(key, `${device}|${box.dataset.tz}`);
    } catch {
      // Private mode: the offer simply comes back next time.
    }
    box.hidden = true;
  });
  show(box.dataset.tz);
  return show;
}
