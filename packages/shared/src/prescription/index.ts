export * from './conditions';
export * from './diet';
export * from './fitness';
