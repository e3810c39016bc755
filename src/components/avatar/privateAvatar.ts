/**
 * The picture of a person shown private (§6 privacy of the living): a padlock on the warm
 * gradient of the default avatars, the same for everyone, so a private card never suggests a face
 * (the generated avatars are seeded per person and look like someone). Sized, so a canvas draws it.
 */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ece4d7"/><stop offset="1" stop-color="#d6cbbb"/></linearGradient></defs>
<rect width="100" height="100" rx="50" fill="url(#g)"/>
<path d="M38 46v-8a12 12 0 0 1 24 0v8" fill="none" stroke="#6d6358" stroke-width="6" stroke-linecap="round"/>
<rect x="31" y="45" width="38" height="29" rx="6" fill="#6d6358"/>
<circle cx="50" cy="57" r="4.5" fill="#ece4d7"/><rect x="48" y="58" width="4" height="9" rx="2" fill="#ece4d7"/>
</svg>`;

export const PRIVATE_AVATAR_URI = `data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`;
