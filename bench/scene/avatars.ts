/**
 * Avatars as inline SVG data URLs (no network in the bench or the playground): a head and
 * shoulders on a soft two-tone background, a few colourways per gender.
 */
const SKIN = ['#f1c7a5', '#d9a47f', '#b27a56', '#8a5a3c'];
const HAIR = ['#3b2a20', '#6b4a2f', '#a0522d', '#d8b36a', '#2b2b2b'];
const BG: Record<'F' | 'M' | 'X', [string, string][]> = {
  F: [['#f6d5c7', '#e9a98f'], ['#f3e0c4', '#e2b47a'], ['#e8d6e8', '#c7a3c7']],
  M: [['#cfe0d6', '#8fb8a0'], ['#d3dcea', '#97acd0'], ['#e4dccb', '#bfae88']],
  X: [['#e6e1d6', '#c4b9a3']],
};

function svg(gender: 'F' | 'M' | 'X', i: number): string {
  const [a, b] = BG[gender][i % BG[gender].length];
  const skin = SKIN[i % SKIN.length];
  const hair = HAIR[(i * 3) % HAIR.length];
  const longHair = gender === 'F' ? `<path d="M30 58c-4-26 8-38 34-38s38 12 34 38c-2 14-6 22-10 26H40c-4-4-8-12-10-26z" fill="${hair}"/>` : '';
  const shortHair = gender !== 'F' ? `<path d="M40 46c0-16 10-24 24-24s24 8 24 24c-6-6-14-9-24-9s-18 3-24 9z" fill="${hair}"/>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="128" height="128" fill="url(#g)"/>${longHair}` +
    `<path d="M22 128c2-24 20-36 42-36s40 12 42 36z" fill="${gender === 'F' ? '#b5654a' : gender === 'M' ? '#3f6b5a' : '#7a6a58'}"/>` +
    `<rect x="56" y="74" width="16" height="20" rx="6" fill="${skin}"/>` +
    `<circle cx="64" cy="54" r="22" fill="${skin}"/>${shortHair}</svg>`
  );
}

const cache = new Map<string, string>();

export function avatarUrl(gender: 'F' | 'M' | 'X', variant: number): string {
  const key = `${gender}${variant % 6}`;
  let url = cache.get(key);
  if (!url) cache.set(key, (url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(gender, variant % 6))}`));
  return url;
}
