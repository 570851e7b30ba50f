/**
 * One webhook POST (decision 033): to the address the checked lookup answers (address-filter.ts),
 * redirects never followed (a 3xx is a failed attempt), the whole exchange cut off after the
 * timeout (10 s; `WEBHOOK_TIMEOUT_MS` shortens it in tests). Only the status code is kept.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, isAllowedAddress } from './address-filter';
import { type UrlPolicy, urlShapeProblem } from './webhook-url';

export type SendResult = { statusCode: number } | { error: string };

/** Response bodies are read and dropped, at most this much: a receiver cannot make us buffer. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: UrlPolicy & { timeoutMs: number },
): Promise<SendResult> {
  const shape = urlShapeProblem(target, options);
  if (shape) return { error: `url ${shape}` };
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal never reaches `lookup` (Node connects to it directly): checked here instead.
  if (isIP(host) && !isAllowedAddress(host, options)) return { error: 'address not allowed' };
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: checkedLookup(options),
        agent: false,
      },
      (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => finish({ statusCode: res.statusCode ?? 0 });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `timeout after ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: Error) => {
      finish({ error: error.name === 'BlockedAddressError' ? 'address not allowed' : describe(error) });
    });
    req.end(body);
  });
}

function describe(error: Error & { code?: string }): string {
  return (error.code ? `${error.code}: ${error.message}` : error.message).slice(0, 300);
}
