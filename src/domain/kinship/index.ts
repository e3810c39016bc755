export * from './find.ts';
export * from './words.ts';
export * from './kinGraph.ts';
export * from './everyone.ts';
export * from './links.ts';
