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
  /** The labels' column (alignedLabelWidth): the label is cut or padded to it. */
  align?: number,
): { label: string; detail: string } {
  if (align !== undefined) {
    const cut = clip(label, align);
    return {
      label: cut + ' '.repeat(Math.max(0, align - displayWidth(cut))),
      detail: clip(detail, Math.max(0, width - align - DETAIL_GAP)),
    };
  }
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

/**
 * The one width of every label of a list whose details must stay whole (the history): as wide
 * as the widest label, less what the widest detail needs, never under MIN_LABEL. Every detail
 * then starts in one column, and so does each part of it (the time, then the status).
 */
export function alignedLabelWidth(
  lines: readonly { label: string; detail: string }[],
  width: number,
): number {
  const widest = (texts: string[]) => Math.max(0, ...texts.map(displayWidth));
  const labels = widest(lines.map((line) => line.label));
  const details = widest(lines.map((line) => line.detail));
  return Math.min(labels, Math.max(MIN_LABEL, width - DETAIL_GAP - details));
}
