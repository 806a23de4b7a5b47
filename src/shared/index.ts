export * from './constants';
export * from './messages';
export * from './text';
export * from './schemas/common';
export * from './schemas/fields';
export * from './schemas/catalogue';
export * from './schemas/contact';
export * from './schemas/accounts';
