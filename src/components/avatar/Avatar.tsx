import { defaultAvatarUri } from './defaultAvatar.ts';

interface AvatarProps {
  /** Uploaded photo; the generated default is used when empty or when it fails to load. */
  src?: string;
  gender?: string;
  seed: string;
  size: number;
  alt?: string;
}

export function Avatar({ src, gender = '', seed, size, alt = '' }: AvatarProps) {
  const fallback = defaultAvatarUri(gender, seed);
  return (
    <img
      className="avatar"
      src={src || fallback}
      width={size}
      height={size}
      alt={alt}
      onError={(e) => {
        if (e.currentTarget.src !== fallback) e.currentTarget.src = fallback;
      }}
    />
  );
}
