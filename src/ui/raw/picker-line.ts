import { clip, displayWidth } from '../components/format.js';

// A line of the raw screen's lists (the history, the saved requests) fitted to the terminal's
// width before Ink draws it: Ink can only cut a line at its end, and the end of a history line is
// its point (a 200 and a 404 to the same path differ only there).

/** Columns between the label and the detail. */
export const DETAIL_GAP = 2;
/** Columns a label keeps however long the detail: the method and the start of the path. */
const MIN_LABEL = 16;

/**
 * The label and detail of a line in `width` columns. With `keepDetail`, the label is cut (…) so
 * the detail stays whole, and the detail is cut only past what leaves the label MIN_LABEL
 * columns; without it, the line is cut at its end, as a description may be.
 */
export function fitPickerLine(
  label: string,
  detail: string,
  width: number,
  keepDetail: boolean,
): { label: string; detail: string } {
  const gap = detail ? DETAIL_GAP : 0;
  const labelWidth = displayWidth(label);
  const detailWidth = displayWidth(detail);
  if (labelWidth + gap + detailWidth <= width) return { label, detail };
  if (!keepDetail) {
    const labelRoom = Math.min(labelWidth, width);
    return { label: clip(label, labelRoom), detail: clip(detail, width - labelRoom - gap) };
  }
  const labelRoom = Math.max(Math.min(labelWidth, MIN_LABEL), width - gap - detailWidth);
  return { label: clip(label, labelRoom), detail: clip(detail, width - labelRoom - gap) };
}
