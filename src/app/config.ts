/** Product switches (§1, §4). Self-service sign-up exists and is off: accounts come by invitation. */
export const SIGN_UP_ENABLED = false;
export const PRODUCT_NAME = 'Kinfolk';
export const TAGLINE = "Connect and share your family's story.";
export const SECOND_LINE = 'Map your lineage. Preserve your stories.';
