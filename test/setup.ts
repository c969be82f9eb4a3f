import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/cli.js';

// Pin what changes output between machines: time zone, colour and terminal detection.
process.env.TZ = 'UTC';
process.env.NO_COLOR = '1';
delete process.env.FORCE_COLOR;
delete process.env.DOMAINCTL_TOKEN;
delete process.env.DOMAINCTL_BASE_URL;
delete process.env.DOMAINCTL_PROFILE;
delete process.env.DOMAINCTL_PROJECT;
delete process.env.DOMAINCTL_DNS_SERVER;

// The config folders the runs of a file made (runCli, tempConfigDir) go with the file.
afterAll(() => removeTempDirs());
