export * from './find.ts';
export * from './words.ts';
