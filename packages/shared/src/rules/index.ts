export * from './criteria';
export * from './expression';
export * from './positive-rules';
export * from './tags';
