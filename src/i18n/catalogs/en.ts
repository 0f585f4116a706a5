// English: the reference catalog. Every key starts here; ru.ts and uk.ts must
// have the same keys with the same placeholders (TypeScript and
// test/i18n/catalogs.test.ts hold them to it).
//
// Messages are ICU MessageFormat (https://formatjs.github.io/docs/core-concepts/icu-syntax):
// `{name}` a placeholder, `{n, plural, one {…} other {…}}` plural forms by the
// language's rules (`#` is the number), `{d, date, ::dMMM}` a calendar day by
// skeleton. Keys are grouped by where the words appear: due.*, rule.*, notice.*.
export default {
  // Due words (src/http/views/due-words.ts). {day} is Intl's "today"/"tomorrow"/"yesterday",
  // {span} Intl's "in 3 days"/"2 weeks ago", {time} "14:00".
  'due.nearAt': '{day} {time}',
  'due.far': '{span}, {date}',
  'due.farAt': '{span}, {date}, {time}',
  'due.date': '{date, date, ::dMMM}',
  'due.dateYear': '{date, date, ::dMMMy}',
  'due.until': 'until {when}',
  'due.untilAt': 'until {when} {time}',

  // Recurrence rule_text (src/i18n/rule-text.ts). {days} is a list of weekdays, "Mon and Thu".
  'rule.daily': 'every day',
  'rule.weekly': 'every {days}',
  'rule.biweekly': 'every 2 weeks on {days}',
  'rule.monthly': 'monthly on day {day}',
  'rule.monthlyOrLast': 'monthly on day {day} (or the last day)',
  'rule.everyNDays': '{n, plural, one {every # day} other {every # days}}',
  'rule.yearly': 'yearly on {date, date, ::dMMM}',
  'rule.yearlyLeapDay': 'yearly on {date, date, ::dMMM} ({fallback, date, ::dMMM} in common years)',
  'rule.at': '{rule} at {time}',
  'rule.atZone': '{rule} at {time} ({zone} time)',

  // Notices: the words Hado builds around a client's text.
  'notice.groupSummary': '{count} in all · last {shown}',
  'notice.newCount': '{count, plural, one {# new notification} other {# new notifications}}',
  // Telegram: the buttons under a reminder, the toasts a press gets, the bot's replies.
  'telegram.ack': 'Ack',
  'telegram.done': 'Done',
  'telegram.open': 'Open',
  'telegram.acked': 'Noted ✓ Quiet until the next reminder.',
  'telegram.doneToast': 'Done ✓',
  'telegram.expired': 'This button has expired.',
  'telegram.refused': 'This reminder cannot be changed now.',
  'telegram.linked': '✅ This chat is now linked to Hado. Reminders will arrive here.',
  'telegram.badCode': '⚠️ This link code is not valid. Get a new one in Hado: Settings → Telegram → Link Telegram.',
  'telegram.expiredCode': '⚠️ This link code has expired. Get a new one in Hado: Settings → Telegram → Link Telegram.',
  'telegram.usedCode': '⚠️ This link code was already used. Get a new one in Hado: Settings → Telegram → Link Telegram.',
  'telegram.notPrivate': '⚠️ Link Hado in a private chat with the bot, not in a group.',
  'telegram.help': 'To get reminders here, open Hado: Settings → Telegram → Link Telegram, then send the code with /start <code>.',
  'telegram.alreadyLinked': 'This chat is linked to Hado.',
} satisfies Record<string, string>;
