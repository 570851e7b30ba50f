import type { SellerProduct } from '@everdeal/contracts';
import {
  GALLERY_IMAGES_MAX,
  GALLERY_MAX_HEIGHT_PX,
  GALLERY_MAX_WIDTH_PX,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIME_TYPES,
  SellerMessage,
} from '@everdeal/contracts/seller-rules';
import { type ChangeEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { ApiError } from '~/lib/api-client';
import { useProductMutation, useUploadImage } from '../api/seller-requests';

const ACCEPT = PRODUCT_IMAGE_MIME_TYPES.join(',');

/** Checks a picked file before it is sent (the server checks again, and decodes it). */
function checkImage(file: File): string | null {
  if (!(PRODUCT_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return SellerMessage.imageType;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return SellerMessage.imageTooLarge;
  return null;
}

/** Logo and gallery (requirements §10): uploads are re-encoded by the server; the gallery is ordered here. */
export function PicturesEditor({ product, disabled }: { product: SellerProduct; disabled: boolean }) {
  const upload = useUploadImage();
  const update = useProductMutation('seller/updateProduct', { silent: true });
  const [error, setError] = useState<string | null>(null);
  const [gallery, setGallery] = useState(product.gallery);
  const serverGallery = JSON.stringify(product.gallery);
  const [seen, setSeen] = useState(serverGallery);
  // A gallery changed on the server (a picture added) replaces what is being edited; another
  // answer (new codes, a saved description) leaves the edits alone.
  if (seen !== serverGallery) {
    setSeen(serverGallery);
    setGallery(product.gallery);
  }
  const galleryChanged = JSON.stringify(gallery) !== serverGallery;

  async function send(kind: 'logo' | 'gallery', event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const problem = checkImage(file);
    if (problem) return setError(problem);
    try {
      await upload.mutateAsync({ productId: product.id, kind, file });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The picture could not be uploaded. Try again.');
    }
  }

  function move(index: number, by: number) {
    setGallery((current) => {
      const next = [...current];
      const [image] = next.splice(index, 1);
      if (image) next.splice(index + by, 0, image);
      return next;
    });
  }

  async function saveGallery() {
    setError(null);
    try {
      await update.mutateAsync({ productId: product.id, gallery });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The gallery could not be saved. Try again.');
    }
  }

  return (
    <section aria-labelledby="product-pictures" className="space-y-5">
      <h3 id="product-pictures" className="font-semibold text-ink-900 text-lg">
        Logo and gallery
      </h3>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <fieldset disabled={disabled || upload.isPending} className="space-y-6">
        <div className="flex flex-wrap items-center gap-4">
          {product.logoUrl ? (
            <img
              src={product.logoUrl}
              alt={`${product.name} logo`}
              width={80}
              height={80}
              className="size-20 rounded-2xl bg-canvas object-contain ring-1 ring-ink-900/10"
            />
          ) : (
            <span className="grid size-20 place-items-center rounded-2xl bg-canvas text-ink-400 text-xs ring-1 ring-ink-900/10">
              No logo
            </span>
          )}
          <label className="cursor-pointer font-semibold text-brand-700 text-sm underline">
            {product.logoUrl ? 'Replace the logo' : 'Upload a logo'}
            <input type="file" accept={ACCEPT} className="sr-only" onChange={(event) => void send('logo', event)} />
          </label>
          <p className="w-full text-ink-500 text-xs">PNG, JPEG, WebP or GIF up to 5 MB; shown as a 256 px square.</p>
        </div>
        <div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {gallery.map((image, index) => (
              <li key={image.url} className="rounded-xl bg-white p-3 ring-1 ring-ink-900/10">
                <img
                  src={image.url}
                  alt={image.alt}
                  className="aspect-video w-full rounded-lg bg-canvas object-contain"
                />
                <label className="mt-2 block text-ink-700 text-xs" htmlFor={`alt-${index}`}>
                  Description for screen readers
                </label>
                <input
                  id={`alt-${index}`}
                  value={image.alt}
                  maxLength={150}
                  onChange={(event) =>
                    setGallery((current) =>
                      current.map((item, i) => (i === index ? { ...item, alt: event.target.value } : item)),
                    )
                  }
                  className="mt-1 h-9 w-full rounded-lg border border-ink-900/15 px-2 text-sm"
                />
                <div className="mt-2 flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move picture ${index + 1} earlier`}
                  >
                    ←
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={index === gallery.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move picture ${index + 1} later`}
                  >
                    →
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setGallery((current) => current.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            {gallery.length < GALLERY_IMAGES_MAX ? (
              <label className="cursor-pointer font-semibold text-brand-700 text-sm underline">
                Add a gallery picture
                <input
                  type="file"
                  accept={ACCEPT}
                  className="sr-only"
                  onChange={(event) => void send('gallery', event)}
                />
              </label>
            ) : (
              <p className="text-ink-500 text-sm">{SellerMessage.galleryFull}</p>
            )}
            {/* The product page frames pictures at 16:10 (product-gallery.tsx) and the server scales
                them to fit 1600 x 1000, so this size fills the frame with nothing cut off. */}
            <p className="w-full text-ink-500 text-xs">
              {`Best at ${GALLERY_MAX_WIDTH_PX} × ${GALLERY_MAX_HEIGHT_PX} px (16:10 landscape). Other shapes are shown whole, with plain bars beside or above them.`}
            </p>
            {galleryChanged ? (
              <Button type="button" size="sm" isLoading={update.isPending} onClick={() => void saveGallery()}>
                Save gallery order and descriptions
              </Button>
            ) : null}
            {upload.isPending ? (
              <span className="text-ink-500 text-sm" role="status">
                Uploading…
              </span>
            ) : null}
          </div>
        </div>
      </fieldset>
    </section>
  );
}
