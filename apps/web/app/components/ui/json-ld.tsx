import { useRootData } from '~/lib/root-data';
import { type JsonLdNode, serializeJsonLd } from '~/lib/structured-data';

/**
 * Structured data as an inline `<script type="application/ld+json">`. It carries the request's
 * CSP nonce (the policy allows nonce'd inline scripts only) and escapes `<` in the JSON.
 */
export function JsonLd({ data }: { data: JsonLdNode | JsonLdNode[] }) {
  const nonce = useRootData()?.cspNonce;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, see serializeJsonLd.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
