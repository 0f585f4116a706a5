// Українська. Keys and placeholders as in en.ts; the words are Ukrainian's
// own (plural forms one/few/many/other, months in the genitive: «14 серпня»).
import type { Catalog } from '../messages.ts';

export default {
  'due.nearAt': '{day} о {time}',
  'due.far': '{span}, {date}',
  'due.farAt': '{span}, {date}, о {time}',
  'due.date': '{date, date, ::dMMMM}',
  'due.dateYear': '{date, date, ::dMMMMy}',
  'due.until': 'до {when}',
  'due.untilAt': 'до {when}, {time}',

  'rule.daily': 'щодня',
  'rule.weekly': 'щотижня в {days}',
  'rule.biweekly': 'кожні 2 тижні в {days}',
  'rule.monthly': 'щомісяця {day}-го числа',
  'rule.monthlyOrLast': 'щомісяця {day}-го числа (або в останній день місяця)',
  'rule.everyNDays': '{n, plural, one {кожен # день} few {кожні # дні} many {кожні # днів} other {кожні # дня}}',
  'rule.yearly': 'щороку {date, date, ::dMMMM}',
  'rule.yearlyLeapDay': 'щороку {date, date, ::dMMMM} (у невисокосні роки — {fallback, date, ::dMMMM})',
  'rule.at': '{rule} о {time}',
  'rule.atZone': '{rule} о {time} (за часом {zone})',

  'notice.groupSummary':
    'усього {count} · {shown, plural, one {останнє # повідомлення} few {останні # повідомлення} many {останні # повідомлень} other {останні # повідомлення}}',
  'notice.newCount':
    '{count, plural, one {# нове сповіщення} few {# нові сповіщення} many {# нових сповіщень} other {# нового сповіщення}}',
  'telegram.ack': "Пам'ятаю",
  'telegram.done': 'Готово',
  'telegram.open': 'Відкрити',
  'telegram.acked': 'Прийнято ✓ Тиша до наступного нагадування.',
  'telegram.doneToast': 'Готово ✓',
  'telegram.expired': 'Ця кнопка вже не діє.',
  'telegram.refused': 'Це нагадування зараз не можна змінити.',
  'telegram.linked': "✅ Цей чат під'єднано до Hado. Нагадування надходитимуть сюди.",
  'telegram.badCode': "⚠️ Код прив'язки недійсний. Отримайте новий у Hado: Налаштування → Telegram → Прив'язати Telegram.",
  'telegram.expiredCode': "⚠️ Термін дії коду минув. Отримайте новий у Hado: Налаштування → Telegram → Прив'язати Telegram.",
  'telegram.usedCode': "⚠️ Цей код уже використано. Отримайте новий у Hado: Налаштування → Telegram → Прив'язати Telegram.",
  'telegram.notPrivate': "⚠️ Прив'язуйте Hado в особистому чаті з ботом, а не в групі.",
  'telegram.help': "Щоб отримувати нагадування тут, відкрийте Hado: Налаштування → Telegram → Прив'язати Telegram, а потім надішліть код командою /start <код>.",
  'telegram.alreadyLinked': "Цей чат під'єднано до Hado.",
} satisfies Catalog;
