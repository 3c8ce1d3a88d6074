import { z } from 'zod';
import {
  createPriceAlertRequest,
  priceAlert,
  priceAlertIdParams,
  priceAlertList,
  priceAlertQuery,
} from '../alerts';
import { INVESTOR, endpoint } from '../endpoint';

export const alertsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/alerts',
    tag: 'alerts',
    summary: "The caller's price alerts: waiting ones, then those triggered in the last 30 days, paged",
    access: INVESTOR,
    query: priceAlertQuery,
    response: priceAlertList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/alerts',
    tag: 'alerts',
    summary: 'Ask for a message when an instrument trades at a price or beyond',
    description:
      "Refused off the stock's tick grid (PRICE_ALERT_PRICE_OFF_TICK), when the last price is already there (PRICE_ALERT_ALREADY_REACHED), beyond PRICE_ALERT_MAX waiting alerts (PRICE_ALERT_LIMIT) and beyond PRICE_ALERT_DAILY_MAX created in the Japan-time day, deleted ones included (PRICE_ALERT_DAILY_LIMIT). The check runs on every trade the feed reports, highs and lows included, so a price touched between two ticks counts; each alert triggers once.",
    access: INVESTOR,
    body: createPriceAlertRequest,
    response: priceAlert,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/alerts/:id',
    tag: 'alerts',
    summary: "Delete one of the caller's price alerts",
    access: INVESTOR,
    params: priceAlertIdParams,
    response: z.object({ removed: z.literal(true) }),
  }),
} as const;
