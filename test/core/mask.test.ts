import { describe, expect, it } from 'vitest';
import { maskCredentialShapes, maskJsonCredentials, printableUrl } from '../../src/core/mask.js';

describe('printableUrl', () => {
  it('masks query parameters named like credentials to their last 4 characters, as headers are', () => {
    expect(
      printableUrl(
        'https://api.example.com/v1/x?api_key=sk_live_1234abcd&access_token=eyJhbGciOi.zzzz9876&page_size=5&X-Amz-Credential=AKIA0000WXYZ&password=hunter2&token=t&name=shop',
      ),
    ).toBe(
      'https://api.example.com/v1/x?api_key=****abcd&access_token=****9876&page_size=5&X-Amz-Credential=****WXYZ&password=****ter2&token=****&name=shop',
    );
  });

  it('reads names and values percent-encoded, and writes the mask encoded', () => {
    expect(printableUrl('http://h/p?api%5Fkey=abc%2Fdef%3D%3D&secret=a+b+c+d+e')).toBe(
      'http://h/p?api%5Fkey=****ef%3D%3D&secret=****%20d%20e',
    );
  });

  it('leaves page_token alone: a cursor of the contract, not a credential', () => {
    expect(printableUrl('http://h/v1/projects?page_token=abcdef0123&page_size=2')).toBe(
      'http://h/v1/projects?page_token=abcdef0123&page_size=2',
    );
  });

  it('drops a user name and password written in the URL', () => {
    expect(printableUrl('https://user:pass@api.example.com/v1?x=1')).toBe(
      'https://api.example.com/v1?x=1',
    );
  });

  it('keeps parameters without a value, repeated ones (a value of 4 or fewer wholly hidden) and the rest as they were', () => {
    expect(printableUrl('http://h/p?flag&key=one1&key=two22&q=a%20b')).toBe(
      'http://h/p?flag&key=****&key=****wo22&q=a%20b',
    );
  });
});

describe('the credential rule for what is stored', () => {
  it('masks keys and JWTs wherever they start, but not inside a word', () => {
    expect(maskCredentialShapes('/v1/projects/dk_live_abcd1234/x?q=prj_dk_zz99')).toBe(
      '/v1/projects/****1234/x?q=prj_****zz99',
    );
    expect(maskCredentialShapes('eyJhbGciOi.eyJzdWIi.sig0 and prj_sdk_demo')).toBe(
      '****sig0 and prj_sdk_demo',
    );
  });

  it('masks every value under a member named like a credential, however deep', () => {
    expect(
      maskJsonCredentials({
        name: 'x',
        password: 'hunter2-horse',
        auth: { user: 'me', pin: 123456 },
        client_secret: '',
        api_keys: ['abcdef', 'ghijkl'],
        page_token: 'cursor1234',
        flag: true,
        note: 'dk_live_00009999',
      }),
    ).toEqual({
      name: 'x',
      password: '****orse',
      auth: { user: '****', pin: '****3456' },
      client_secret: '',
      api_keys: ['****cdef', '****ijkl'],
      page_token: 'cursor1234',
      flag: true,
      note: '****9999',
    });
  });
});
