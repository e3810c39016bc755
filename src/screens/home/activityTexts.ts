/** Home's words for what relatives changed (issue 24, item 3; docs/PRODUCT.md "Activity for the family"). */
export const ACTIVITY_TEXTS = {
  title: "What's new in your family",
  lead: 'Changes your relatives made since your last visit.',
  loading: "Loading what's new",
  empty: 'Nothing new since your last visit.',
  failed: "What's new could not be loaded right now.",
  seeAll: 'See the activity',
  seeAllLabel: (tree: string) => `See the activity of ${tree}`,
} as const;
