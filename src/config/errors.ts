/** The config file cannot be read or is not ours; never repaired silently. Exit code 2. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function unknownProfile(name: string): ConfigError {
  return new ConfigError(`no profile named "${name}" (see domainctl profile list)`);
}
