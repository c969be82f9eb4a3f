import { httpMethods } from '../../contract/routes.js';
import type { HistoryEntry } from '../../config/request-history.js';
import type { SavedRequestListing } from '../../config/saved-requests.js';
import { utcMinute } from '../../core/display.js';
import { printablePath } from '../../core/mask.js';
import type { RequestSpec } from '../../core/request-spec.js';
import type { PickerItem } from './RequestPicker.js';
import { displayWidth, padEnd } from '../components/format.js';

// The lines of the raw screen's two lists: the history (newest first) and the saved requests.

const METHOD_WIDTH = Math.max(...httpMethods.map((method) => method.length));

/** What a list loads: the request, and the words the notice says where it came from. */
export interface Pickable {
  item: PickerItem;
  spec?: RequestSpec;
  from: string;
}

export function historyItems(entries: readonly HistoryEntry[]): Pickable[] {
  // An entry is named by when it was sent; two sent in the same millisecond by their order then.
  const seen = new Map<string, number>();
  const nameOf = (time: string) => {
    const n = seen.get(time) ?? 0;
    seen.set(time, n + 1);
    return `${time}#${n}`;
  };
  return entries.map((entry) => ({
    item: {
      id: nameOf(entry.time),
      // The method padded to the longest (DELETE): the paths start in one column.
      label: `${entry.spec.method.padEnd(METHOD_WIDTH)} ${printablePath(entry.spec.path)}`,
      detail: `${utcMinute(entry.time)} · ${
        entry.status !== undefined
          ? `${entry.status}${entry.ms !== undefined ? ` in ${Math.round(entry.ms)} ms` : ''}`
          : (entry.error ?? 'no answer')
      }`,
      // The status is what tells two requests to one path apart: the path is cut before it.
      keepDetail: true,
    },
    spec: entry.spec,
    from: `Loaded from the history (${utcMinute(entry.time)})`,
  }));
}

/** The longest a saved request's name is padded to: a longer one pushes only its own line on. */
const NAME_COLUMN = 32;

export function savedItems(listing: readonly SavedRequestListing[]): Pickable[] {
  // The names padded to the longest (up to NAME_COLUMN), and the methods to DELETE's width: the
  // methods and the paths start in one column.
  const nameWidth = Math.min(NAME_COLUMN, Math.max(0, ...listing.map((s) => displayWidth(s.name))));
  return listing.map((saved) =>
    'error' in saved
      ? { item: { id: saved.name, label: saved.name, error: saved.error }, from: saved.path }
      : {
          item: {
            id: saved.name,
            // A file written by hand may hold a credential in its query: shown masked.
            label: `${padEnd(saved.name, nameWidth)}  ${saved.spec.method.padEnd(METHOD_WIDTH)} ${printablePath(saved.spec.path)}`,
            detail: saved.description,
          },
          spec: saved.spec,
          from: `Loaded ${saved.name}`,
        },
  );
}
