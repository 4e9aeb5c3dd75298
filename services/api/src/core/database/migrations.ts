import { InitialSchema1767225600000 } from '../../migrations/1767225600000-initial-schema.js';

/** Listed as classes (not a glob) so the same list works from src under vitest and from dist. */
export const MIGRATIONS = [InitialSchema1767225600000];
