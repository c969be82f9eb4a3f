import { describe, expect, it } from 'vitest';
import { offerableDomain, offerableProject } from '../../src/commands/completion-values.js';

// What completion may hand a shell, value by value: the shells' own tests (completion.test.ts,
// completion-trust.test.ts) see the same rule through bash, zsh and fish.

describe('the values completion offers', () => {
  it('offers a project ID only as the contract has it: prj_ and the path parameters’ characters', () => {
    for (const id of ['prj_demo_scale', 'prj_8kq2xv0c5m1t', 'prj_a.b-c', 'prj_A1']) {
      expect(offerableProject(id), id).toBe(true);
    }
    for (const id of [
      'prj_$(touch x)',
      'prj_`id`',
      'prj_x;id',
      'prj_a b',
      'prj_\u001b]2;x\u0007',
      'prj_é',
      'prj_',
      'org_demo',
      '-prj_x',
      '',
      42,
      null,
    ]) {
      expect(offerableProject(id), String(id)).toBe(false);
    }
  });

  it('offers a domain only as the API stores a host name: lower-case ASCII labels', () => {
    for (const name of ['shop.example.com', 'xn--bcher-kva.example', 'a-1.b2.example.org']) {
      expect(offerableDomain(name), name).toBe(true);
    }
    for (const name of [
      '$(touch x).example.com',
      'a`id`.example.com',
      'Shop.example.com',
      'shop.example.com.',
      'bücher.example',
      'shop example.com',
      '*.example.com',
      '192.0.2.1',
      'localhost',
      'x.edge.domainctl.test',
      `${'a'.repeat(64)}.example.com`,
      '',
      ['shop.example.com'],
    ]) {
      expect(offerableDomain(name), String(name)).toBe(false);
    }
  });
});
