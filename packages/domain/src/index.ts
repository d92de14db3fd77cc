export * from './constants';
export * from './dates';
export * from './frequency';
export * from './greeting';
export * from './schedule';
export * from './dose-slots';
export * from './adherence';
export * from './refill';
