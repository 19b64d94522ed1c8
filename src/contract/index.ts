export * from './common.js';
export * from './scores.js';
export * from './insights.js';
export * from './version.js';
export * from './season.js';
export * from './mma.js';
export * from './fight-card.js';
export * from './betting.js';
