// Русский. Keys and placeholders as in en.ts; the words are Russian's own
// (plural forms one/few/many/other, months in the genitive: «14 августа»).
import type { Catalog } from '../messages.ts';

export default {
  'due.nearAt': '{day} в {time}',
  'due.far': '{span}, {date}',
  'due.farAt': '{span}, {date}, в {time}',
  'due.date': '{date, date, ::dMMMM}',
  'due.dateYear': '{date, date, ::dMMMMy}',
  'due.until': 'до {when}',
  'due.untilAt': 'до {when}, {time}',

  'rule.daily': 'каждый день',
  'rule.weekly': 'еженедельно по {days}',
  'rule.biweekly': 'каждые 2 недели по {days}',
  'rule.monthly': 'ежемесячно {day}-го числа',
  'rule.monthlyOrLast': 'ежемесячно {day}-го числа (или в последний день месяца)',
  'rule.everyNDays': '{n, plural, one {каждый # день} few {каждые # дня} many {каждые # дней} other {каждые # дня}}',
  'rule.yearly': 'ежегодно {date, date, ::dMMMM}',
  'rule.yearlyLeapDay': 'ежегодно {date, date, ::dMMMM} (в невисокосные годы — {fallback, date, ::dMMMM})',
  'rule.at': '{rule} в {time}',
  'rule.atZone': '{rule} в {time} (по времени {zone})',

  'notice.groupSummary':
    'всего {count} · {shown, plural, one {последнее # сообщение} few {последние # сообщения} many {последние # сообщений} other {последние # сообщения}}',
  'notice.newCount':
    '{count, plural, one {# новое уведомление} few {# новых уведомления} many {# новых уведомлений} other {# нового уведомления}}',
  'telegram.ack': 'Помню',
  'telegram.done': 'Готово',
  'telegram.open': 'Открыть',
  'telegram.acked': 'Принято ✓ Тишина до следующего напоминания.',
  'telegram.doneToast': 'Готово ✓',
  'telegram.expired': 'Эта кнопка больше не действует.',
  'telegram.refused': 'Это напоминание сейчас нельзя изменить.',
  'telegram.linked': '✅ Этот чат подключён к Hado. Напоминания будут приходить сюда.',
  'telegram.badCode': '⚠️ Код привязки недействителен. Получите новый в Hado: Настройки → Telegram → Привязать Telegram.',
  'telegram.expiredCode': '⚠️ Срок действия кода истёк. Получите новый в Hado: Настройки → Telegram → Привязать Telegram.',
  'telegram.usedCode': '⚠️ Этот код уже использован. Получите новый в Hado: Настройки → Telegram → Привязать Telegram.',
  'telegram.notPrivate': '⚠️ Привяжите Hado в личном чате с ботом, а не в группе.',
  'telegram.help': 'Чтобы получать напоминания здесь, откройте Hado: Настройки → Telegram → Привязать Telegram, затем отправьте код командой /start <код>.',
  'telegram.alreadyLinked': 'Этот чат подключён к Hado.',
} satisfies Catalog;
