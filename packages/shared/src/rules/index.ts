export * from './criteria';
export * from './describe';
export * from './expression';
export * from './positive-rules';
export * from './tags';
export * from './variables';
