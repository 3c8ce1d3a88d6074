import { z } from 'zod';
import { INVESTOR, endpoint } from '../endpoint';
import { instrumentCodeParams, watchlist, watchlistItem } from '../market';

export const watchlistEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/watchlist',
    tag: 'watchlist',
    summary: "The caller's watchlist, oldest first",
    access: INVESTOR,
    response: watchlist,
  }),
  add: endpoint({
    method: 'PUT',
    path: '/api/watchlist/:code',
    tag: 'watchlist',
    summary: 'Add an instrument to the watchlist (adding one already there changes nothing)',
    access: INVESTOR,
    params: instrumentCodeParams,
    response: watchlistItem,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/watchlist/:code',
    tag: 'watchlist',
    summary: 'Remove an instrument from the watchlist',
    access: INVESTOR,
    params: instrumentCodeParams,
    response: z.object({ removed: z.boolean() }),
  }),
} as const;
