import { z } from 'zod';
import { INVESTOR, endpoint } from '../endpoint';
import { searchHistory, searchHistoryBody, searchHistoryItem } from '../market';

export const searchHistoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/market/search-history',
    tag: 'watchlist',
    summary: 'The instruments the caller opened from search, newest first (at most 10)',
    access: INVESTOR,
    response: searchHistory,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/market/search-history',
    tag: 'watchlist',
    summary:
      'Record an instrument opened from search (moves it to the top; the oldest beyond 10 are dropped)',
    access: INVESTOR,
    body: searchHistoryBody,
    response: searchHistoryItem,
  }),
  clear: endpoint({
    method: 'DELETE',
    path: '/api/market/search-history',
    tag: 'watchlist',
    summary: "Clear the caller's search history",
    access: INVESTOR,
    response: z.object({ removed: z.number().int() }),
  }),
} as const;
