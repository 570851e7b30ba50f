import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAt } from './ssr';

// A kept page is cut where its render's nonce stood, by bytes (plugins/ssr.ts): the pieces must be
// those of the decoded text cut there, whatever characters stand around the nonce.
describe("a kept page's pieces around its nonce", () => {
  const nonce = fc.base64String({ minLength: 4, maxLength: 24 });
  const text = fc.string({ unit: 'binary', maxLength: 60 });

  it("are the text's pieces cut at the nonce, and join back into the page", () => {
    fc.assert(
      fc.property(nonce, fc.array(text, { maxLength: 8 }), (marker, around) => {
        const page = around.join(marker);
        const pieces = splitAt(Buffer.from(page), Buffer.from(marker));
        expect(pieces.map((piece) => piece.toString())).toEqual(page.split(marker));
        const joined = pieces.flatMap((piece, index) => (index === 0 ? [piece] : [Buffer.from(marker), piece]));
        expect(Buffer.concat(joined).equals(Buffer.from(page))).toBe(true);
      }),
    );
  });

  it('is the page whole when the nonce is not in it, and empty pieces at its ends when it is', () => {
    expect(splitAt(Buffer.from('<p>café</p>'), Buffer.from('abc='))).toEqual([Buffer.from('<p>café</p>')]);
    expect(splitAt(Buffer.from('abc=é abc='), Buffer.from('abc=')).map(String)).toEqual(['', 'é ', '']);
  });
});
