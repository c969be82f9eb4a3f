// Every figure of the bench, in the order they run and the table shows them. A figure is a
// module of its own: its group (the figures measured together, the name in the progress lines
// and what --only matches), its rows of the table, how to measure them on one Node line, and
// optionally `againstFloor: false` (no static floor) and `notes` (its lines below the table).
import apiRequest from './api-request.mjs';
import deepPages from './deep-pages.mjs';
import memoryApi from './memory-api.mjs';
import memoryUi from './memory-ui.mjs';
import memoryUiMany from './memory-ui-many.mjs';
import npmStart from './npm-start.mjs';
import rawAnswer from './raw-answer.mjs';
import scaleOut from './scale-out.mjs';
import serverPage from './server-page.mjs';
import serverStore from './server-store.mjs';
import uiFirstFrame from './ui-first-frame.mjs';
import version from './version.mjs';

export const FIGURES = [
  version,
  apiRequest,
  uiFirstFrame,
  npmStart,
  serverPage,
  serverStore,
  scaleOut,
  deepPages,
  memoryUi,
  memoryUiMany,
  memoryApi,
  rawAnswer,
];

/** The rows of the table, in its order, each with its group and whether it has a static floor. */
export const ROWS = FIGURES.flatMap((figure) =>
  figure.rows.map((row) => ({
    ...row,
    group: figure.group,
    againstFloor: figure.againstFloor ?? true,
  })),
);
