/**
 * The therapist's calendar feed over plain GET (calendar apps subscribe to an address; they cannot POST an action).
 * Like the dispatcher and the payment webhook, an entry point that finds its clinic first: the secret in the address
 * names the feed, found across clinics by its hash; the rest is the clinic's scoped data (domain/calendar-files).
 * Anything but a working address of an active therapist in an active clinic answers the same 404.
 */
import type Router from '@koa/router';
import { messages } from '@klinik/core/rules';
import type { Services } from '../context.js';
import { tenantDb } from '../data/tenant-db.js';
import { FEED_PATH, feedTokenHash, therapistFeedCalendar } from '../domain/calendar-files/therapist-feed.js';
import { NotFoundError } from '../errors.js';
import { rateLimitAddressKey } from '../security/client-address.js';

/** 32 bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const NAMED_BY_ADDRESS = { crossTenant: 'a calendar feed address names its therapist by a secret' };

async function feedOf(services: Services, rawToken: string): Promise<string> {
  const { models } = services;
  const feed = await models.CalendarFeed.findOne({ tokenHash: feedTokenHash(rawToken) }).setOptions(NAMED_BY_ADDRESS).lean();
  if (!feed) throw new NotFoundError(messages.notFound);
  const company = await models.Company.findById(feed.companyId).lean();
  if (!company || company.isDisabled || company.deletedAt) throw new NotFoundError(messages.notFound);
  const db = tenantDb(models, company._id);
  const therapist = await db.Therapist.findOne({ _id: feed.therapistId }, { isActive: 1, deletedAt: 1 }).lean();
  if (!therapist || therapist.isActive === false || therapist.deletedAt) throw new NotFoundError(messages.notFound);
  return therapistFeedCalendar(db, therapist, company, services.clock.now());
}

export function calendarFeedRoutes(router: Router, services: Services): void {
  router.get(`${FEED_PATH}/:file`, async (ctx) => {
    // The address is the secret: the request log gets the route, never the address.
    ctx.state.logPath = `${FEED_PATH}/:secret`;
    // Per address first (many guesses from one place), then per secret (one leaked address polled hard), the secret
    // counted by its hash so the limiter's records never hold a working address.
    await services.limiter.consume('calendarFeed:address', rateLimitAddressKey(ctx.ip));
    const rawToken = ctx.params.file?.replace(/\.ics$/, '') ?? '';
    if (!TOKEN.test(rawToken)) throw new NotFoundError(messages.notFound);
    await services.limiter.consume('calendarFeed:token', feedTokenHash(rawToken));
    const body = await feedOf(services, rawToken);
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'inline; filename="kalender.ics"');
    // A secret address: kept by no shared cache, and never sent on as a referrer.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = body;
  });
}
