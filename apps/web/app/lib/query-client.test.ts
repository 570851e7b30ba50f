// A server render builds a query client for one page. With the browser's 5-minute `gcTime`, each
// query it held set a timer that kept the client and the page's data alive for 5 minutes after
// the answer went out (thousands of pages at once under load); on the server nothing is timed.
import { QUERY_CACHE_MS } from '@everdeal/contracts/constants';
import { environmentManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

// Node, for every test file after this one in the worker (`isolate: false`).
const wasServer = environmentManager.isServer();
afterEach(() => environmentManager.setIsServer(() => wasServer));

function gcTimeOfAQuery(): number | undefined {
  const client = createQueryClient();
  client.setQueryData(['user', 'cart'], { items: [] });
  const query = client.getQueryCache().find({ queryKey: ['user', 'cart'] });
  client.clear();
  return query?.gcTime;
}

describe('createQueryClient', () => {
  it('on the server, keeps no query on a timer: the client is garbage once the page is rendered', () => {
    expect(environmentManager.isServer()).toBe(true);
    expect(gcTimeOfAQuery()).toBe(Number.POSITIVE_INFINITY);
  });

  it('in the browser, keeps an unused query for the 5 minutes of requirements §9', () => {
    environmentManager.setIsServer(() => false);
    expect(gcTimeOfAQuery()).toBe(QUERY_CACHE_MS);
  });
});
