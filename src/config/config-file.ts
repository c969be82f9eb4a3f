// zod/mini, not classic zod: every command reads the config, and classic zod costs ~40 ms of
// start-up where mini costs ~1 ms. The checks are the same.

import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { PROFILE_COLORS } from '../core/profile-safety.js';
import { PROFILE_NAME } from './profile-name.js';

// zod/mini carries no messages of its own; without these, a broken file would only be "Invalid input".
z.config(en());

export { PROFILE_NAME };

const nonEmpty = () => z.string().check(z.minLength(1));

// Loose objects: a key this version does not know (written by a newer one, or by hand) is kept
// when the file is written back, never dropped.
export const StoredProfile = z.looseObject({
  base_url: z.url({ protocol: /^https?$/ }),
  token: z.optional(nonEmpty()),
  project: z.optional(nonEmpty()),
  org: z.optional(nonEmpty()),
  /** Sends no POST, PUT, PATCH or DELETE (core/profile-safety.ts). */
  read_only: z.optional(z.boolean()),
  /** Shown in the header of every screen ("production"). */
  label: z.optional(nonEmpty()),
  /** The colour of that label and of the profile's name in the header. */
  color: z.optional(z.enum(PROFILE_COLORS)),
});

/** The shape of config.json; checked on every read, so a hand edit that breaks it is caught. */
export const ConfigFile = z.looseObject({
  active: z.optional(z.string()),
  profiles: z._default(z.record(z.string().check(z.regex(PROFILE_NAME)), StoredProfile), {}),
  /** Per profile, the projects opened last, most recent first (the UI lists them first). */
  recent_projects: z._default(z.record(z.string(), z.array(z.string())), {}),
});

export type StoredProfile = z.infer<typeof StoredProfile>;
export type ConfigFile = z.infer<typeof ConfigFile>;
export interface Profile extends StoredProfile {
  name: string;
}
