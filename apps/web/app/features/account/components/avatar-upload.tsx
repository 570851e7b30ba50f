import type { User } from '@everdeal/contracts';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@everdeal/contracts/constants';
import { displayName } from '@everdeal/contracts/user';
import { clsx } from 'clsx';
import ImageUp from 'lucide-react/icons/image-up';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '~/components/ui/avatar';
import { buttonClasses } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/components/ui/toast';
import { uploadFile } from '~/lib/upload-file';
import { setUser } from '~/shared/session/auth-store';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);
const ACCEPTED: readonly string[] = AVATAR_MIME_TYPES;

/** Checked here so a wrong file fails at once; the server checks again and resizes. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPTED.includes(file.type)) return 'Please choose a JPEG, PNG, WebP or GIF image';
  if (file.size > AVATAR_MAX_BYTES) return `The image must be ${MAX_MB} MB or smaller`;
  return null;
}

/** The profile photo: preview while uploading, then the stored image. */
export function AvatarUpload({ user }: { user: User }) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const isUploading = preview !== null;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const error = avatarFileError(file);
    if (error) {
      toast.error(error);
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      const { avatar } = await uploadFile<{ avatar: string }>('users/uploadAvatar', 'avatar', file);
      setUser({ ...user, avatar });
      toast.success('Your photo has been updated');
    } catch {
      // The client already showed the server's reason (wrong type, too large).
    } finally {
      setPreview(null);
    }
  };

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <div className="relative size-24 shrink-0">
        <Avatar name={displayName(user)} src={preview ?? user.avatar} size={96} />
        {isUploading ? (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-ink-900/45 text-white">
            <Spinner size="lg" label="Uploading photo…" />
          </span>
        ) : null}
      </div>
      <div>
        <label
          htmlFor={inputId}
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className: clsx(
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 has-[:focus-visible]:outline-offset-2',
              isUploading && 'pointer-events-none opacity-50',
            ),
          })}
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {user.avatar ? 'Change photo' : 'Upload photo'}
          <input
            id={inputId}
            type="file"
            accept={AVATAR_MIME_TYPES.join(',')}
            disabled={isUploading}
            onChange={onChange}
            className="sr-only"
          />
        </label>
        <p className="mt-2 text-ink-500 text-xs">JPEG, PNG, WebP or GIF, up to {MAX_MB} MB. Square images look best.</p>
      </div>
    </div>
  );
}
