import { type HttpMethod, httpMethods } from '../../contract/routes.js';
import { PickList } from '../components/PickList.js';

/** One list for every render: ink-select-input goes back to the first item when its items change. */
const ITEMS = httpMethods.map((method) => ({ label: method, value: method }));

/**
 * The raw screen's method list (ink-select-input, through PickList): `j`/`k` and the arrows move,
 * Enter picks. `jump` remounts it on the method the screen set (a first letter, a request
 * loaded), since the list keeps its own cursor.
 */
export function MethodPicker({
  method,
  jump,
  isFocused,
  onHighlight,
  onSelect,
}: {
  method: HttpMethod;
  jump: string;
  isFocused: boolean;
  onHighlight: (method: HttpMethod) => void;
  onSelect: (method: HttpMethod) => void;
}) {
  return (
    <PickList
      items={ITEMS}
      initialIndex={httpMethods.indexOf(method)}
      jump={jump}
      isFocused={isFocused}
      dimOthers
      onHighlight={onHighlight}
      onSelect={onSelect}
    />
  );
}
