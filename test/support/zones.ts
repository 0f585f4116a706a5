// The zones the calendar's property tests draw from: every kind of rule that
// has broken zone arithmetic somewhere (shared by test/domain/epoch.property
// and time-memo, the oracles of domain/civil.ts, epoch.ts and time.ts).
export const EDGE_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Chicago', // 02:00 CST is 08:00 UTC: civil.ts asks a day's span at exactly that instant (00:00 UTC − 16 h)
  'America/Montevideo',
  'Asia/Tokyo',
  'Australia/Lord_Howe', // 30-minute DST
  'America/Havana', // DST at midnight
  'America/Santiago',
  'America/Sao_Paulo', // historic midnight transitions
  'Pacific/Apia', // skipped 2011-12-30
  'Pacific/Kiritimati', // +14
  'Pacific/Pago_Pago', // -11
  'Europe/Dublin', // negative DST
  'Africa/Casablanca',
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // -03:30
  'UTC',
];
