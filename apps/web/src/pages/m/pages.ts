/**
 * The /m pages of this folder as ONE lazy chunk (views.ts loads them from here): one entry, not five,
 * in the preload lists of the router registry that every page of the app loads.
 */
export { default as MobileHome } from './MobileHome';
export { default as MobileClass } from './MobileClass';
export { default as MobileMine } from './MobileMine';
export { default as MobileCourse } from './MobileCourse';
export { default as MobileDetail } from './MobileDetail';
