import { describe, expect, it } from 'vitest';
import { isMaskedHeader, storableSpec, withoutMaskedHeaders } from '../../src/core/request-spec.js';

describe('storableSpec', () => {
  it('drops Authorization, masks credential-looking headers and query values, keeps the rest', () => {
    expect(
      storableSpec({
        method: 'POST',
        path: '/v1/x/{project_id}?api_key=sk_live_abcdef1234&page_size=2',
        headers: [
          'Authorization: Bearer dk_demo_tester',
          'X-Api-Key: sk_live_abcdef1234',
          'Cookie: session=0123456789',
          'X-Trace: 1',
        ],
        body: '{"a":1}',
        fields: [],
        paginate: false,
      }),
    ).toEqual({
      method: 'POST',
      path: '/v1/x/{project_id}?api_key=****1234&page_size=2',
      headers: ['X-Api-Key: ****1234', 'Cookie: ****6789', 'X-Trace: 1'],
      body: '{"a":1}',
    });
  });

  it('a stored request loses its masked headers when it is to be sent again, and says which', () => {
    const stored = storableSpec({
      method: 'GET',
      path: '/v1/x',
      headers: ['X-Api-Key: sk_live_abcdef1234', 'X-Trace: 1', 'X-Session: Bearer abcdefgh'],
    });
    expect(stored.headers?.map(isMaskedHeader)).toEqual([true, false, true]);
    expect(withoutMaskedHeaders(stored)).toEqual({
      spec: { method: 'GET', path: '/v1/x', headers: ['X-Trace: 1'] },
      dropped: ['X-Api-Key', 'X-Session'],
    });
    // A header that merely has a credential's name, with a value given in full, is kept.
    expect(isMaskedHeader('Idempotency-Key: 7f3a9c')).toBe(false);
  });
});
