import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under a folder, with its path (none if the folder does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** Every file under a folder, read whole, in one text: what a person would grep for a token. */
export function everyFile(dir: string): string {
  return filesUnder(dir)
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}
