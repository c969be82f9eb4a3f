import { describe, expect, it } from 'vitest';
import { isMethodAllowed, labelProblem, refuseIfReadOnly } from '../../src/core/profile-safety.js';

describe('read-only profiles', () => {
  it('allow GET only, in any case; every method when not read-only', () => {
    for (const method of ['GET', 'get']) expect(isMethodAllowed(method, true)).toBe(true);
    for (const method of ['POST', 'put', 'PATCH', 'delete']) {
      expect(isMethodAllowed(method, true)).toBe(false);
      expect(isMethodAllowed(method, false)).toBe(true);
    }
    expect(() => refuseIfReadOnly('delete', true, 'prod')).toThrow(
      'profile "prod" is read-only: DELETE requests are not sent (allow them with: domainctl profile set prod --no-read-only)',
    );
  });

  it('labels are short, visible text', () => {
    expect(labelProblem('production')).toBeUndefined();
    expect(labelProblem(' ')).toBe('a label cannot be empty (use --unset label to remove one)');
    expect(labelProblem('x'.repeat(33))).toBe('a label has at most 32 characters');
    expect(labelProblem('prod\u001b[31m')).toBe(
      'a label cannot hold control or invisible characters',
    );
  });
});
