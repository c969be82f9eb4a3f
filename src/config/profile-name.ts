/**
 * What a profile may be called. Its own module, apart from the config file's zod schema, so the
 * UI's profile form checks a name without loading zod.
 */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
