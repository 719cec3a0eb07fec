/**
 * zod for shared/ and functions/: zod/mini, the tree-shakable functional API (about 30 KB in a
 * Lambda bundle where classic `zod` costs about 90 KB, and faster to import). Import zod from
 * here, never the classic package root: one classic import puts all of classic zod back into
 * the bundles.
 *
 * Classic zod registers its English messages ("Too big: expected string to have <=2000
 * characters") when its first schema is built; zod/mini registers no locale, so every message a
 * schema does not set would read "Invalid input". This module registers the same English
 * locale, the same way (only if none is set yet), so messages are those classic zod gives.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

if (!config().localeError) config(en());

export * from 'zod/mini';
