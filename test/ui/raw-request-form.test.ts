import { describe, expect, it } from 'vitest';
import type { RawResponse } from '../../src/client/execute-request.js';
import {
  fieldsOf,
  initialRawForm,
  type RawForm,
  type RawFormAction,
  rawFormReducer,
} from '../../src/ui/raw/raw-request-form.js';

const run = (...actions: RawFormAction[]): RawForm =>
  actions.reduce(rawFormReducer, initialRawForm);
const response = (status: number): RawResponse => ({
  status,
  statusText: '',
  headers: [],
  receivedHeaders: [],
  text: '{}',
  json: {},
  ms: 1,
});

describe('the raw request form', () => {
  it('Tab completes the shared part, then shows each candidate in turn', () => {
    const candidates = ['/v1/projects/p/databases', '/v1/projects/p/domains'];
    let form = run({ type: 'typePath', path: '/v1/projects/p/' }, { type: 'tab', candidates });
    expect(form.path).toBe('/v1/projects/p/d');
    form = rawFormReducer(form, { type: 'tab', candidates });
    expect(form.path).toBe('/v1/projects/p/databases');
    form = rawFormReducer(form, { type: 'tab', candidates: [] });
    expect(form.path).toBe('/v1/projects/p/domains');
    form = rawFormReducer(form, { type: 'tab', candidates: [] });
    expect(form.path).toBe('/v1/projects/p/databases');
    // Typing ends the round; each replacement moves the cursor to the end.
    expect(form.revision).toBe(4);
    form = rawFormReducer(form, { type: 'typePath', path: `${form.path}/x` });
    expect(form.cycle).toBeUndefined();
  });

  it('opening Save as ends the last notice; typing the name keeps what is said, closing the prompt ends it', () => {
    // A walkthrough's finding: the last save's ✓ stayed under a new Save as prompt.
    const saved = run({ type: 'notice', text: '✓ Saved', tone: 'ok' });
    const opened = rawFormReducer(saved, { type: 'saveAs', name: '' });
    expect(opened.notice).toBeUndefined();
    const typed = rawFormReducer(
      rawFormReducer(opened, { type: 'notice', text: 'a name: letters', tone: 'warn' }),
      { type: 'saveAs', name: 'x' },
    );
    expect(typed.notice?.text).toBe('a name: letters');
    // A walkthrough's finding: "✗ Not saved" stayed once Esc had closed the prompt it was about.
    expect(rawFormReducer(typed, { type: 'saveAs', name: undefined }).notice).toBeUndefined();
    // The question whether to replace a name goes once another name is typed.
    const asked = rawFormReducer(typed, { type: 'askReplace', name: 'x', question: '? x' });
    expect(asked).toMatchObject({ replacing: 'x', notice: { text: '? x' } });
    const other = rawFormReducer(asked, { type: 'saveAs', name: 'xy' });
    expect(other.replacing).toBeUndefined();
    expect(other.notice).toBeUndefined();
    // Opening a list ends what the last action said (a refused editor).
    expect(rawFormReducer(saved, { type: 'openPicker', picker: 'history' }).notice).toBeUndefined();
  });

  it('Tab on an empty path shows each route in turn: never the bare "/" they all start with', () => {
    const candidates = ['/v1/regions', '/v1/projects', '/healthz'];
    let form = run({ type: 'tab', candidates });
    expect(form.path).toBe('/v1/regions');
    form = rawFormReducer(form, { type: 'tab', candidates: [] });
    expect(form.path).toBe('/v1/projects');
    form = rawFormReducer(form, { type: 'tab', candidates: [] });
    expect(form.path).toBe('/healthz');
    // A path typed still completes what the routes that go on from it share.
    const fromV = ['/v1/regions', '/v1/projects'];
    expect(run({ type: 'typePath', path: '/v' }, { type: 'tab', candidates: fromV }).path).toBe(
      '/v1/',
    );
  });

  it('Tab in the path where nothing completes stays there and says so, until the next key', () => {
    const form = run({ type: 'typePath', path: '/v1/regions' }, { type: 'tab', candidates: [] });
    expect(form.field).toBe('raw.path');
    expect(form.path).toBe('/v1/regions');
    expect(form.nothingToComplete).toBe(true);
    expect(rawFormReducer(form, { type: 'typePath', path: '/v1/region' }).nothingToComplete).toBe(
      undefined,
    );
    // From the other fields Tab goes on to the next one.
    const body = run(
      { type: 'chooseMethod', method: 'POST' },
      { type: 'focus', field: 'raw.body' },
    );
    expect(rawFormReducer(body, { type: 'tab', candidates: [] }).field).toBe('raw.method');
  });

  it('has a body field only for POST, PUT and PATCH, and a response field once answered', () => {
    expect(fieldsOf(initialRawForm)).toEqual(['raw.method', 'raw.path', 'raw.headers']);
    expect(fieldsOf(run({ type: 'chooseMethod', method: 'PATCH' }))).toContain('raw.body');
    const answered = run(
      { type: 'sending', line: 'GET /v1/regions' },
      { type: 'answered', id: 1, response: response(200) },
    );
    expect(fieldsOf(answered)).toEqual(['raw.method', 'raw.path', 'raw.headers', 'raw.response']);
  });

  it('↑ and ↓ walk the history and come back to what was typed', () => {
    const history = [
      { method: 'GET' as const, path: '/v1/regions', headers: '', body: '' },
      {
        method: 'POST' as const,
        path: '/v1/projects',
        headers: 'X-Trace: 1',
        body: '{"name":"x"}',
      },
    ];
    let form = run({ type: 'typePath', path: '/v1/pro' });
    form = rawFormReducer(form, { type: 'recall', step: -1, history });
    expect([form.method, form.path, form.headers, form.body]).toEqual([
      'POST',
      '/v1/projects',
      'X-Trace: 1',
      '{"name":"x"}',
    ]);
    form = rawFormReducer(form, { type: 'recall', step: -1, history });
    expect(form.path).toBe('/v1/regions');
    form = rawFormReducer(form, { type: 'recall', step: -1, history });
    expect(form.path).toBe('/v1/regions');
    form = rawFormReducer(form, { type: 'recall', step: 1, history });
    form = rawFormReducer(form, { type: 'recall', step: 1, history });
    expect([form.method, form.path, form.recalled]).toEqual(['GET', '/v1/pro', undefined]);
  });

  it('keeps only the answer to the latest request', () => {
    const form = run(
      { type: 'sending', line: 'GET /v1/a' },
      { type: 'sending', line: 'GET /v1/b' },
      { type: 'answered', id: 1, response: response(500) },
    );
    expect(form.result).toMatchObject({ step: 'sending', line: 'GET /v1/b' });
    const done = rawFormReducer(form, { type: 'answered', id: 2, response: response(200) });
    expect(done.result).toMatchObject({ step: 'done', line: 'GET /v1/b' });
  });

  it('a DELETE waiting for y is cancelled by n, and by sending anything', () => {
    let form = run({ type: 'confirm' });
    expect(form.confirming).toBe(true);
    form = rawFormReducer(form, { type: 'cancelConfirm' });
    expect(form.confirming).toBeUndefined();
    form = rawFormReducer(rawFormReducer(form, { type: 'confirm' }), { type: 'sending', line: '' });
    expect(form.confirming).toBeUndefined();
  });
});
