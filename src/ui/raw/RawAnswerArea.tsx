import { Text } from 'ink';
import { useMemo } from 'react';
import type { RequestSpec } from '../../core/request-spec.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { errorContext, explainError } from '../components/error-help.js';
import { useServices, useSession } from '../app/context.js';
import { useTone } from '../app/theme.js';
import { type Pickable, historyItems, savedItems } from './raw-pickers.js';
import type { RawForm } from './raw-request-form.js';
import { RequestPicker } from './RequestPicker.js';
import { ResponseViewer } from './ResponseViewer.js';
import type { ResponseViewer as Viewer } from './useResponseViewer.js';

type ListName = NonNullable<RawForm['picker']>;
type LoadRequest = (spec: RequestSpec, from: string) => void;

/** The history or the saved requests, read from disk when the list opens. */
function RequestList({
  list,
  height,
  onLoad,
  onClose,
}: {
  list: ListName;
  height: number;
  onLoad: LoadRequest;
  onClose(): void;
}) {
  const session = useSession();
  const services = useServices();
  const tone = useTone();
  const pickables = useMemo((): Pickable[] | string => {
    try {
      if (list === 'history') return historyItems(session.history.list());
      return savedItems(services.savedRequests().list());
    } catch (error) {
      return (error as Error).message;
    }
  }, [list, session, services]);
  if (typeof pickables === 'string')
    return <Text color={tone('error')}>✗ {visible(pickables)} (Esc closes this)</Text>;
  return (
    <RequestPicker
      title={list === 'history' ? 'History, newest first' : 'Saved requests'}
      empty={
        list === 'history'
          ? 'Nothing sent with this profile yet.'
          : `No saved request yet: Ctrl+S saves one (in ${services.savedRequests().dir}).`
      }
      items={pickables.map((p) => p.item)}
      height={height}
      onChoose={(index) => {
        const chosen = pickables[index];
        if (chosen?.spec) onLoad(chosen.spec, chosen.from);
      }}
      onClose={onClose}
    />
  );
}

/**
 * What the raw screen shows under its form, in the answer's place: a list of requests while one
 * is open, else the request sent last (under way, failed, or its answer in the viewer).
 */
export function RawAnswerArea({
  form,
  viewer,
  height,
  isActive,
  onLoad,
  onCloseList,
}: {
  form: Pick<RawForm, 'picker' | 'result' | 'field'>;
  viewer: Viewer;
  /** The lines the answer has below the form. */
  height: number;
  /** The screen is on top and the help does not cover it. */
  isActive: boolean;
  onLoad: LoadRequest;
  onCloseList(): void;
}) {
  const session = useSession();
  const { picker, result, field } = form;
  // The list's title stands where the answer's status line would.
  if (picker)
    return <RequestList list={picker} height={height + 1} onLoad={onLoad} onClose={onCloseList} />;
  if (result?.step === 'sending') return <Loading label={`Sending ${result.line}…`} />;
  if (result?.step === 'failed')
    return <ErrorView help={explainError(result.error, errorContext(session))} />;
  if (result?.step === 'done')
    return (
      <ResponseViewer
        viewer={viewer}
        line={result.line}
        focused={field === 'raw.response'}
        isActive={isActive && field === 'raw.response'}
      />
    );
  return null;
}
