import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@everdeal/contracts/webhook-rules';
import { CodeSample } from '~/components/ui/code-sample';
import { TableScroller } from '~/components/ui/table-scroller';

// The webhooks section of the sellers' developer docs (decision 033; docs/webhooks.md is the same
// text for the repository). A section of its own, so the developer docs page composes it beside
// the licensing API's section.

const ITEM = 'orderId, itemId, productId, productSlug, variantId, planName, quantity';

const EVENTS: [type: string, when: string, data: string][] = [
  [
    'license.purchased',
    'an order with your product is paid, one event per bought item',
    `${ITEM}, codes[], amountCents, currency, refundableUntil, purchasedAt`,
  ],
  ['license.refunded', 'an item is refunded and its codes revoked', `${ITEM}, codes[] (revoked), refundedAt`],
  [
    'license.plan_changed',
    'a buyer moves an item to another plan',
    `${ITEM} (the new plan), previousVariantId, previousPlanName, revokedCodes[], codes[], changedAt`,
  ],
  [
    'license.activated',
    'a code becomes activated, by the buyer ("buyer") or your app through the licensing API ("api")',
    `${ITEM}, code, instanceName, source, activatedAt`,
  ],
  [
    'license.transferred',
    'a buyer’s gift or license transfer is claimed: the item and its codes now belong to another person (the same codes; none revoked)',
    `${ITEM}, kind ("gift" or "transfer"), codes[], transferredAt`,
  ],
  [
    'product.sunset',
    'you announce a sunset, or the Everdeal team shuts the deal down',
    'productId, productSlug, kind ("sunset" or "shutdown"), sunsetAt, message',
  ],
  [WEBHOOK_TEST_EVENT_TYPE, 'you press Send test event', 'message, sellerId'],
];

const NODE_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received, before JSON parsing.
// Accepts any v1: two while a rotated secret still signs.
export function verify(header, rawBody, secret) {
  const parts = header.split(',').map((p) => p.split('=', 2));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts.some(([key, value]) => {
    if (key !== 'v1') return false;
    const given = Buffer.from(value ?? '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

const PYTHON_SAMPLE = `import hashlib, hmac, time

def verify(header: str, raw: bytes, secret: str) -> bool:
    parts = [p.split("=", 1) for p in header.split(",") if "=" in p]
    try:
        t = int(next(value for key, value in parts if key == "t"))
    except (StopIteration, ValueError):
        return False
    if abs(time.time() - t) > 300:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw, hashlib.sha256).hexdigest()
    # Any v1: two while a rotated secret still signs.
    return any(hmac.compare_digest(expected, value) for key, value in parts if key == "v1")`;

/** A sample, in a box that scrolls sideways on a phone and takes keyboard focus to do it. */

/**
 * The body of the developer guide's "Webhooks" section (its page gives the heading): the events
 * and their bodies, checking the signature, retries and dedupe.
 */
export function WebhooksDocs() {
  return (
    <div className="space-y-4">
      <p>
        Set one endpoint in Seller area → Webhooks (https on a public address). Each event is a POST of JSON{' '}
        <code>{'{id, type, createdAt, data}'}</code> with the headers <code>{WEBHOOK_SIGNATURE_HEADER}</code> and{' '}
        <code>{WEBHOOK_EVENT_ID_HEADER}</code>. Bodies never name the buyer; money is in cents, times in UTC.
      </p>
      <TableScroller label="Webhook events, scrolls sideways">
        <table className="relative w-full text-left">
          <caption className="sr-only">Webhook events and their data</caption>
          <thead className="text-ink-500 text-xs uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Event
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                When
              </th>
              <th scope="col" className="py-2 font-medium">
                data
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-900/5">
            {EVENTS.map(([type, when, data]) => (
              <tr key={type}>
                <th scope="row" className="py-2 pr-4 align-top font-mono font-normal text-ink-900 text-xs">
                  {type}
                </th>
                <td className="py-2 pr-4 align-top">{when}</td>
                <td className="py-2 align-top font-mono text-xs">{data}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <h3 className="font-semibold text-ink-900 text-lg">Checking the signature</h3>
      <p>
        <code>{WEBHOOK_SIGNATURE_HEADER}: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, where v1 is HMAC-SHA256 keyed
        with your secret (the whole <code>whsec_…</code> string) over <code>&lt;t&gt;.&lt;raw body&gt;</code>. Check the
        raw body before parsing it, compare in constant time, and refuse a t more than 5 minutes from your clock.
      </p>
      <p>
        Accept any v1. If you rotate the secret and keep the old one for a while, each delivery carries both signatures
        until then (<code>t=…,v1=&lt;old&gt;,v1=&lt;new&gt;</code>), so you can deploy the new secret at any moment in
        that time without a failed delivery.
      </p>
      <CodeSample label="Checking the signature in JavaScript (Node.js)" code={NODE_SAMPLE} />
      <CodeSample label="Checking the signature in Python" code={PYTHON_SAMPLE} />
      <h3 className="font-semibold text-ink-900 text-lg">Retries and duplicates</h3>
      <ul className="list-disc space-y-1 pl-5">
        <li>Answer 2xx within 10 seconds. Any other status, a timeout or a redirect (never followed) is a failure.</li>
        <li>
          Failures are retried after 30 seconds, then 1, 2, 4 … minutes (at most 6 hours apart) for 3 days; then the
          delivery is failed. Redeliver it from the delivery log.
        </li>
        <li>
          Delivery is at least once and not in order: dedupe by the event <code>id</code> and read the state from{' '}
          <code>data</code>.
        </li>
      </ul>
    </div>
  );
}
