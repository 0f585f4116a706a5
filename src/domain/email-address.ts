// What Hado accepts as one email address (issue 17): shared by the email
// channel's settings and by a notice's guest recipients (issue 24). Pure.

/** An address as Hado accepts it: one mailbox, no display name, no spaces or angle brackets. */
export const ADDRESS_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
