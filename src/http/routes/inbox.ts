// The web inbox at / (SPEC A8), its fragments for the page's script, and the
// static files under content-hashed URLs.
//   GET /                 the page (no-cache: always fresh; the assets it names are immutable)
//   GET /inbox/groups     the event groups, as the page shows them
//   GET /inbox/channels   the channel list
//   GET /inbox/notices…, /inbox/preferences   notices and preferences (inbox-notices.ts)
//   GET /static/<name>.<hash>.<ext>
// The page answers a request that is not signed in with a page of its own;
// the fragments are in the signed-in scope (signed-in.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ChannelRegistry } from '../../channels/registry.ts';
import { type ChannelRow, listChannels } from '../../core/channels.ts';
import { unreadSummary } from '../../core/notice-feed.ts';
import { takenOverSince } from '../../core/devices.ts';
import { getGrid } from '../../core/preferences.ts';
import { closedEventCounts, listUserEvents, NO_CLOSED, type UserRow, userSettingsView } from '../../core/users.ts';
import { userEventView } from '../../core/views.ts';
import { CHANNEL_TYPES, type ChannelType } from '../../domain/channels.ts';
import { dayIn, fromDate, toDate } from '../../domain/time.ts';
import { HadoError } from '../../errors.ts';
import { type Locale, localeFromAcceptLanguage, toLocale } from '../../i18n/locales.ts';
import { calendarDate, t } from '../../i18n/messages.ts';
import { type Assets, loadAssets } from '../assets.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { PAGE_SCHEMA, sendHtml } from '../html-reply.ts';
import { signedInUser } from '../auth.ts';
import { type InboxModel, type PageAssets, renderGroups, renderInboxPage, renderSignedOut } from '../views/inbox-page.ts';
import type { OfferModel } from '../views/channel-offers.ts';
import { type ChannelItem, renderChannels } from '../views/settings.ts';
import { inboxNoticeRoutes } from './inbox-notices.ts';
import { pwaRoutes } from './pwa.ts';

/** The user's channels as the list shows them, each described by its type's channel (Channel.describe). */
function channelItems(registry: ChannelRegistry, rows: ChannelRow[], l: Locale): ChannelItem[] {
  return rows.map((row) => {
    // A type this process has no channel for is shown by its name, never as another type.
    const channel = registry.get(row.type);
    const { name, details: own } = channel?.describe(row, l) ?? { name: row.type, details: [] };
    // Vouched for by a source (PUT /api/users, issue 24): said so, and removable like any other.
    const details = row.vouched_by === null ? own : [...own, t(l, 'settings.channel.vouched')];
    // Made with the user (the inbox): always there, neither switched here nor deleted.
    return { id: row.id, type: row.type, enabled: row.enabled, name, details, fixed: channel?.addedBy === 'with-user' };
  });
}

/** What the channel list and the offers read. */
function channelModel(ctx: AppContext, user: UserRow, rows: ChannelRow[]): OfferModel & { channels: ChannelItem[] } {
  const locale = userSettingsView(user).locale;
  const settings = Object.fromEntries(
    CHANNEL_TYPES.map((type) => [type, ctx.channels.get(type)?.settings ?? { keys: [], configured: false }]),
  ) as OfferModel['settings'];
  return {
    login: user.login,
    locale,
    settings,
    present: new Set<ChannelType>(rows.map((r) => r.type)),
    channels: channelItems(ctx.channels, rows, locale),
  };
}

/** How long the settings page says a browser or phone moved to another account. */
const TAKEOVERS_SHOWN_DAYS = 30;

async function inboxModel(ctx: AppContext, user: UserRow): Promise<InboxModel> {
  const now = ctx.clock.now();
  const [rows, channels, unread, grid, takeovers] = await Promise.all([
    listUserEvents(ctx.db, user.id, null),
    listChannels(ctx.db, user.id),
    unreadSummary(ctx.db, user.id),
    getGrid(ctx.db, user.id, toLocale(user.locale)),
    takenOverSince(ctx.db, user.id, toDate(now.subtract({ hours: TAKEOVERS_SHOWN_DAYS * 24 }))),
  ]);
  const events = rows.map(userEventView);
  // Only an empty list says what came and closed (an expired push, say): counted only then.
  const closed = events.length === 0 ? await closedEventCounts(ctx.db, user.id) : NO_CLOSED;
  const view = userSettingsView(user);
  return {
    ...channelModel(ctx, user, channels),
    tz: user.tz,
    quietStart: view.quiet_start,
    quietEnd: view.quiet_end,
    badge: events.filter((e) => e.in_badge).length,
    events,
    closed,
    now,
    today: dayIn(now, user.tz),
    unreadLabel: unread.unread_label,
    grid,
    takeovers: takeovers.map((x) => ({
      type: x.channel_type === 'mobile' ? ('mobile' as const) : ('push' as const),
      label: x.label,
      day: calendarDate(dayIn(fromDate(x.moved_at), user.tz)),
    })),
  };
}

/** The page, the static files and the app manifest: outside the signed-in scope. */
export function inboxPageRoutes(ctx: AppContext, assets: Assets = loadAssets()): FastifyPluginAsync {
  const resolveUser = userResolver(ctx);
  const pageAssets: PageAssets = {
    css: [assets.url('inbox.css'), assets.url('notices.css')],
    // One entry module; it imports the others, each preloaded so they load side by side.
    module: assets.url('inbox.js'),
    preload: assets.imports('inbox.js'),
    appIcon: assets.url('icon-192.png'),
  };

  return async (app) => {
    await app.register(pwaRoutes(assets));

    app.get('/', { schema: PAGE_SCHEMA }, async (request, reply) => {
      let user: UserRow;
      try {
        user = await resolveUser(request);
      } catch (e) {
        if (e instanceof HadoError && e.status === 401) {
          // No user, so no stored language: the browser's, else the default.
          const locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? ctx.config.defaultLocale;
          return sendHtml(reply, 401, renderSignedOut(e.message, pageAssets, locale));
        }
        throw e;
      }
      return sendHtml(reply, 200, renderInboxPage(await inboxModel(ctx, user), pageAssets));
    });

    app.get<{ Params: { file: string } }>('/static/:file', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const asset = assets.get(request.params.file);
      if (!asset) {
        // An old hash after a deploy, or a typo: never serve other content under it.
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .send({ error: { code: 'not_found', message: 'No such static file' } });
      }
      if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply
        .header('content-type', asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', asset.etag)
        .header('x-content-type-options', 'nosniff')
        .send(asset.body);
    });
  };
}

/** The page's fragments: signed in (signed-in.ts). */
export function inboxFragmentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(inboxNoticeRoutes(ctx));

    app.get('/inbox/groups', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const m = await inboxModel(ctx, signedInUser(request));
      return sendHtml(reply, 200, renderGroups(m).text);
    });

    app.get('/inbox/channels', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const user = signedInUser(request);
      return sendHtml(reply, 200, renderChannels(channelModel(ctx, user, await listChannels(ctx.db, user.id))).text);
    });
  };
}
