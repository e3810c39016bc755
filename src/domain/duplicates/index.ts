export * from './score.ts';
export * from './merge.ts';
