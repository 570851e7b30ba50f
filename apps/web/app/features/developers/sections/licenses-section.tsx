import {
  API_KEY_PREFIX,
  LICENSE_CALLS_PER_MINUTE,
  LICENSE_LIST_PAGE_SIZE,
  LicensingMessage,
  SELLER_API_KEYS_PATH,
} from '@everdeal/contracts/licensing-rules';
import { Link } from 'react-router';
import { CodeSample } from '~/components/ui/code-sample';
import type { DeveloperSection } from '../components/developers-page';

// The licensing API's part of the developers' page (decision 032). Examples name the store's own
// address, so what a seller copies works against the store they read it on.

const LICENSE_EXAMPLE = `{
  "code": 0,
  "msg": "success",
  "data": {
    "code": "LNKM-7Q2F-94XD",
    "valid": true,
    "status": "active",
    "productId": 12,
    "productSlug": "linkmoss",
    "variantId": 31,
    "planName": "Tier 2",
    "stackSize": 2,
    "purchasedAt": "2026-11-20T15:04:05.000Z",
    "redeemedAt": null
  }
}`;

function curl(base: string, path: string, body: string) {
  return `curl -X POST ${base}/api/licenses/${path} \\
  -H "Authorization: Bearer $EVERDEAL_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '${body}'`;
}

function fetchExample(base: string, path: string, body: string) {
  return `const response = await fetch('${base}/api/licenses/${path}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.EVERDEAL_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify(${body}),
});
const { code, msg, data } = await response.json();
if (code !== 0) throw new Error(\`Everdeal answered \${code}: \${msg}\`);`;
}

function Call({ base, path, body, jsBody }: { base: string; path: string; body: string; jsBody: string }) {
  return (
    <div className="space-y-3">
      <CodeSample label="curl" code={curl(base, path, body)} />
      <CodeSample label="JavaScript (fetch, on your server)" code={fetchExample(base, path, jsBody)} />
    </div>
  );
}

export function licensingSections(publicUrl: string): DeveloperSection[] {
  const base = publicUrl.replace(/\/$/, '') || 'https://everdeal.example';
  return [
    {
      id: 'api-keys',
      title: 'API keys',
      body: (
        <>
          <p>
            Members of a seller create keys in the seller area, under <Link to={SELLER_API_KEYS_PATH}>API keys</Link>. A
            key starts with <code>{API_KEY_PREFIX}</code> and is shown once: Everdeal keeps only a fingerprint of it, so
            store it in your server’s secrets right away. The list shows each key’s first characters and when it was
            last used (to the minute).
          </p>
          <p>
            A key acts for its seller only. Keep it on your server: never ship it in a browser page, a desktop app or a
            mobile app, where anyone could read it. Revoking a key in the seller area stops it within seconds on every
            Everdeal server.
          </p>
        </>
      ),
    },
    {
      id: 'license-calls',
      title: 'Calling the license API',
      body: (
        <>
          <p>
            Every call is a <code>POST</code> to <code>{base}/api/licenses/…</code> with a JSON body and the header{' '}
            <code>Authorization: Bearer {API_KEY_PREFIX}…</code>. A signed-in session does not work here, only a key.
            Every answer is the envelope <code>{'{code, msg, data}'}</code>: <code>code</code> 0 is success and repeats
            the HTTP status otherwise.
          </p>
          <p>
            A license is one code a buyer got for one of your products. Its <code>status</code> is <code>active</code>{' '}
            (sold, not redeemed), <code>redeemed</code> (activated by your app or marked by the buyer on their order
            page: both are the same mark) or <code>revoked</code> (refunded or replaced by a plan change;{' '}
            <code>valid</code> is then false). <code>stackSize</code> is how many codes of that plan the buyer bought
            together.
          </p>
          <p>
            Each key may make {LICENSE_CALLS_PER_MINUTE} calls a minute; past that, calls answer 429 with a{' '}
            <code>Retry-After</code> header (seconds). Cache what you learn about a code rather than asking on every
            start of your app.
          </p>
        </>
      ),
    },
    {
      id: 'validate',
      title: 'Validate a code',
      body: (
        <>
          <p>
            <code>POST /api/licenses/validate</code> with <code>{'{"code": "…"}'}</code> answers the license:
          </p>
          <Call base={base} path="validate" body='{"code": "LNKM-7Q2F-94XD"}' jsBody="{ code: 'LNKM-7Q2F-94XD' }" />
          <CodeSample label="Answer" code={LICENSE_EXAMPLE} />
        </>
      ),
    },
    {
      id: 'activate',
      title: 'Activate and deactivate',
      body: (
        <>
          <p>
            <code>POST /api/licenses/activate</code> with <code>{'{"code": "…", "instanceName": "…"}'}</code> marks the
            code redeemed and answers the license with <code>status: "redeemed"</code>. <code>instanceName</code> is
            optional (where it was activated, e.g. a host name). Calling it again changes nothing and keeps the first
            activation time. A revoked code answers 409.
          </p>
          <Call
            base={base}
            path="activate"
            body='{"code": "LNKM-7Q2F-94XD", "instanceName": "acme-prod"}'
            jsBody="{ code: 'LNKM-7Q2F-94XD', instanceName: 'acme-prod' }"
          />
          <p>
            <code>POST /api/licenses/deactivate</code> with <code>{'{"code": "…"}'}</code> takes the mark back: the code
            is <code>active</code> again (a revoked code stays revoked). It is idempotent too.
          </p>
          <Call base={base} path="deactivate" body='{"code": "LNKM-7Q2F-94XD"}' jsBody="{ code: 'LNKM-7Q2F-94XD' }" />
        </>
      ),
    },
    {
      id: 'list',
      title: 'List your sold codes',
      body: (
        <>
          <p>
            <code>POST /api/licenses/list</code> with <code>{'{"productId"?, "status"?, "cursor"?}'}</code> answers{' '}
            <code>{'{items, nextCursor}'}</code>: {LICENSE_LIST_PAGE_SIZE} licenses a page, the latest added first. Pass{' '}
            <code>nextCursor</code> back as <code>cursor</code> for the next page; it is <code>null</code> on the last
            one. Pages do not shift when new sales arrive while you read.
          </p>
          <Call
            base={base}
            path="list"
            body='{"status": "revoked"}'
            jsBody="{ status: 'revoked', cursor: previous?.nextCursor ?? undefined }"
          />
        </>
      ),
    },
    {
      id: 'errors',
      title: 'Errors',
      body: (
        <table>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Message</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>401</td>
              <td>{LicensingMessage.invalidKey}</td>
              <td>No key, an unknown key, a revoked key, or a session token instead of a key.</td>
            </tr>
            <tr>
              <td>404</td>
              <td>{LicensingMessage.licenseNotFound}</td>
              <td>A code that was not sold for one of your products (or does not exist).</td>
            </tr>
            <tr>
              <td>409</td>
              <td>{LicensingMessage.revokedLicense}</td>
              <td>Activating a revoked code.</td>
            </tr>
            <tr>
              <td>422</td>
              <td>Data validation failed (the field’s problem)</td>
              <td>A missing or malformed field, such as an empty code or a bad cursor.</td>
            </tr>
            <tr>
              <td>429</td>
              <td>Too many requests, please try again later</td>
              <td>More than {LICENSE_CALLS_PER_MINUTE} calls in a minute with one key; wait Retry-After seconds.</td>
            </tr>
          </tbody>
        </table>
      ),
    },
  ];
}
