/** Views of this folder: none are menu pages (the lesson screens are a tab of the class drawer, adminSections.tsx). */
import type { ViewLoaders } from '../../../router/registry';

export const views = {} satisfies ViewLoaders;
