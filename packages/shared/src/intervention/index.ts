export * from './condition';
export * from './options';
export * from './plan';
