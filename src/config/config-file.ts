import { z } from 'zod';

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

// Loose objects: a key this version does not know (written by a newer one, or by hand) is kept
// when the file is written back, never dropped.
export const StoredProfile = z.looseObject({
  base_url: z.url({ protocol: /^https?$/ }),
  token: z.string().min(1).optional(),
  project: z.string().min(1).optional(),
  org: z.string().min(1).optional(),
});

/** The shape of config.json; checked on every read, so a hand edit that breaks it is caught. */
export const ConfigFile = z.looseObject({
  active: z.string().optional(),
  profiles: z.record(z.string().regex(PROFILE_NAME), StoredProfile).default({}),
  /** Per profile, the projects opened last, most recent first (the UI lists them first). */
  recent_projects: z.record(z.string(), z.array(z.string())).default({}),
});

export type StoredProfile = z.infer<typeof StoredProfile>;
export type ConfigFile = z.infer<typeof ConfigFile>;
export interface Profile extends StoredProfile {
  name: string;
}
