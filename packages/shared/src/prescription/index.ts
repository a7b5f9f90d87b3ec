export * from './conditions';
export * from './declaration';
export * from './diet';
export * from './effect';
export * from './fitness';
