import { useStdout } from 'ink';
import { type Dispatch, useState } from 'react';
import {
  headersWithCredentials,
  type PreparedRequest,
  prepareRequest,
} from '../../client/prepare-request.js';
import { MissingCredentialsError, RequestInputError } from '../../core/errors.js';
import { printablePath } from '../../core/mask.js';
import { parsePastedRequest } from '../../core/pasted-request.js';
import { formatCommandLine, formatCurl } from '../../core/request-format.js';
import { suggest } from '../../core/suggested-commands.js';
import type { RequestSpec } from '../../core/request-spec.js';
import { useServices, useSession } from '../app/context.js';
import { copyNotice } from '../components/copy-notice.js';
import { hasBody, type RawForm, type RawFormAction } from './raw-request-form.js';
import { entryOf, specOf, withPastedSettings } from './raw-spec.js';
import type { RequestHistoryEntry } from '../app/session.js';
import { useRouteBodyTemplate } from './useBodyTemplate.js';
import { useExternalEditor } from './useExternalEditor.js';
import { useScreenSignal } from '../queries/useScreenClient.js';
import { apiKeys } from '../queries/api-queries.js';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The shell variables a copied command reads its credentials from (`-H "X-Api-Key: $X_API_KEY"`),
 * said after what was copied, so nobody is surprised that the secret typed is not in it.
 */
function reading(command: string): string {
  const names = [...new Set([...command.matchAll(/\$([A-Z][A-Z0-9_]*)"/g)].map((m) => m[1]))];
  return names.length > 0 ? ` (reading ${names.map((name) => `$${String(name)}`).join(', ')})` : '';
}

/** Why a body is not JSON, or undefined when it is. */
export function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** `vim`, not `/usr/bin/vim -u NONE`: a line says whose text it is. */
const commandName = (command: string) => command.split(/\s+/)[0]?.split('/').at(-1) ?? command;

/**
 * What the raw screen does beyond typing: send (through prepareRequest and executeRequest, as
 * `api request` does, and into the profile's history), the body in $EDITOR, copies as a command
 * line and as curl, saving, and loading a request from the history, a saved file or a paste.
 */
export function useRawActions(
  form: RawForm,
  dispatch: Dispatch<RawFormAction>,
  options: { project?: string; jq?: string },
) {
  const session = useSession();
  const queryClient = useQueryClient();
  const services = useServices();
  const signal = useScreenSignal();
  const edit = useExternalEditor();
  const template = useRouteBodyTemplate(form.method, form.path, options.project);
  const { write } = useStdout();
  // The history as the screen last read it, oldest first (↑ walks it back).
  const [history, setHistory] = useState(() => readHistory());
  const withBody = hasBody(form);
  const spec = specOf(form, { withBody, jq: options.jq });

  function readHistory(): RequestHistoryEntry[] {
    try {
      return session.history
        .list()
        .map((e) => entryOf(e.spec).entry)
        .reverse();
    } catch {
      // A history that cannot be read only costs ↑ its entries.
      return [];
    }
  }

  const notice = (text: string, tone: 'ok' | 'warn' | 'error') =>
    dispatch({ type: 'notice', text, tone });

  /** The form's request, prepared as `api request` prepares one; a refusal is said, not thrown. */
  const prepare = (): PreparedRequest | undefined => {
    try {
      return prepareRequest({
        method: form.method,
        path: form.path,
        data: spec.body,
        headers: spec.headers,
        project: options.project,
        org: session.org,
        baseUrl: session.baseUrl,
        token: session.token,
        readOnly: session.readOnly,
        profile: session.profileName,
      });
    } catch (error) {
      if (error instanceof RequestInputError || error instanceof MissingCredentialsError) {
        dispatch({ type: 'refused', message: error.message });
        return undefined;
      }
      throw error;
    }
  };

  const record = (entry: { status?: number; ms?: number; error?: string }) => {
    try {
      session.history.record({
        profile: session.profileName,
        baseUrl: session.baseUrl,
        spec: specOf(form, { withBody }),
        ...entry,
      });
      setHistory(readHistory());
    } catch (error) {
      notice(`✗ Not kept in the history: ${(error as Error).message}`, 'warn');
    }
  };

  const send = (confirmed: boolean) => {
    if (form.result?.step === 'sending') return;
    const prepared = prepare();
    if (!prepared) return;
    // A DELETE is asked about first: the path is easy to get wrong by one segment.
    if (prepared.method === 'DELETE' && !confirmed) {
      dispatch({ type: 'confirm' });
      return;
    }
    const id = form.sends + 1;
    // The line above the answer: a credential in the query masked, as --debug masks it.
    dispatch({ type: 'sending', line: `${prepared.method} ${printablePath(prepared.path)}` });
    services.executeRequest(prepared, signal).then(
      (response) => {
        dispatch({ type: 'answered', id, response });
        record({ status: response.status, ms: response.ms });
        // A write may have changed anything the screens below show (a domain added, a project
        // renamed): their answers are marked out of date, and each asks again once back on top.
        if (prepared.method !== 'GET' && response.status < 400) {
          void queryClient.invalidateQueries({
            queryKey: apiKeys.all(session),
            refetchType: 'none',
          });
        }
      },
      (error: unknown) => {
        dispatch({ type: 'failed', id, error });
        record({ error: (error as Error).message });
      },
    );
  };

  const editBody = () => {
    // An empty body opens as the template the field shows for it: what is seen is what is edited.
    const given = form.body === '' ? (template ?? '') : form.body;
    const outcome = edit(given, '.json');
    if (!outcome.ok) {
      notice(`✗ ${outcome.message}`, 'error');
      return;
    }
    // The template left as it was (vi's :q) is not a body: its "…" would be sent as values.
    if (form.body === '' && given !== '' && outcome.text.trim() === given.trim()) {
      notice('The template is unchanged: the body stays empty', 'ok');
      return;
    }
    const problem = outcome.text.trim() === '' ? undefined : jsonProblem(outcome.text);
    const name = commandName(outcome.editor);
    dispatch({
      type: 'bodyFromEditor',
      body: outcome.text,
      notice: problem
        ? { text: `✗ Kept as ${name} wrote it, but not JSON: ${problem}`, tone: 'error' }
        : { text: `✓ Body from ${name}`, tone: 'ok' },
    });
  };

  const copy = (what: string, text: string) => {
    services.copy(text, write).then(
      (result) => {
        const copied = copyNotice(what, text, result);
        notice(
          copied.select ? `${copied.text} ${copied.select.join(' ')}` : copied.text,
          copied.tone === 'muted' ? 'ok' : copied.tone,
        );
      },
      (error: unknown) => notice(`✗ Could not copy: ${(error as Error).message}`, 'error'),
    );
  };

  const copyCommand = () => {
    if (form.path === '') return notice('✗ Type a path first: there is nothing to copy', 'error');
    const line = formatCommandLine(spec, {
      profile: session.ephemeral ? undefined : session.profileName,
      project: options.project,
      org: session.org,
    });
    copy(`the request as a domainctl command line${reading(line)}`, line);
  };

  const copyCurl = () => {
    const prepared = prepare();
    if (!prepared) return;
    const curl = formatCurl({ ...prepared, headers: headersWithCredentials(prepared) });
    copy(`the request as curl${reading(curl)}`, curl);
  };

  /** A request into the form, saying what came with it and what it left out. */
  const load = (stored: RequestSpec, from: string, extra: string[] = []) => {
    const { entry, notes } = entryOf(stored);
    const all = [...extra, ...notes];
    dispatch({
      type: 'load',
      entry,
      notice: {
        text: `${all.length ? '!' : '✓'} ${from}${all.length ? `: ${all.join('; ')}` : ''}`,
        tone: all.length ? 'warn' : 'ok',
      },
    });
  };

  /** A curl command or a `domainctl api request` line pasted into the path field. */
  const paste = (text: string) => {
    try {
      const pasted = parsePastedRequest(text, session.baseUrl);
      const { spec: filled, notes } = withPastedSettings(pasted, {
        project: options.project,
        org: session.org,
        profile: session.profileName,
      });
      load(
        filled,
        `Read from the pasted ${text.trimStart().startsWith('curl') ? 'curl command' : 'command line'}`,
        [...pasted.notes, ...notes],
      );
    } catch (error) {
      if (!(error instanceof RequestInputError)) throw error;
      notice(`✗ Not read: ${error.message}`, 'error');
    }
  };

  const save = (name: string) => {
    try {
      const store = services.savedRequests();
      // A name saved already is replaced only on a second Enter: a request someone shares in
      // git is not lost to a name typed again by mistake.
      if (form.replacing !== name && store.exists(name)) {
        dispatch({
          type: 'askReplace',
          name,
          question: `? ${name} is saved already (${store.fileOf(name)}): Enter replaces it, Esc keeps it`,
        });
        return;
      }
      const saved = store.save(name, specOf(form, { withBody }));
      dispatch({ type: 'saveAs', name: undefined });
      const done = saved.created ? 'Saved' : 'Replaced';
      // In the demo's own folder, no command could send it later: the demo's API is gone then.
      notice(
        store.temporary
          ? `✓ ${done} in the demo's temporary folder, gone when it ends: ${saved.path}`
          : `✓ ${done} ${saved.path}: ${suggest.apiRequestSaved(name, store.flag)}`,
        'ok',
      );
    } catch (error) {
      notice(`✗ Not saved: ${(error as Error).message}`, 'error');
    }
  };

  return { send, editBody, copyCommand, copyCurl, load, paste, save, history };
}
