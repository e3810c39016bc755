/** Find anyone (issue 9): folding, the people index, and profiles as its entries. */
export { foldWord, foldWords, sortKey, type FoldedWord } from './fold.ts';
export { SearchIndex, type SearchEntry, type SearchOptions, type SearchResult } from './searchIndex.ts';
export { profileEntry, indexProfiles, reindexProfiles } from './profiles.ts';
export { factMatch, parseFactQuery, type FactQuery } from './facts.ts';
