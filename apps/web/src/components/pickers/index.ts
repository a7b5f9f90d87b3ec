export * from './assignee-picker';
export * from './company-picker';
export * from './dict-picker';
export * from './remote-picker';
export * from './user-picker';
