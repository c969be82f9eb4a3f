import { describe, expect, it } from 'vitest';
import { expiryText } from '../../src/commands/domain-format.js';
import { paint, stripAnsi } from '../../src/commands/style.js';
import { renderTable } from '../../src/commands/table.js';

describe('renderTable', () => {
  it('pads columns to their widest cell, two spaces apart, with no trailing spaces', () => {
    expect(
      renderTable(
        [{ header: 'TYPE' }, { header: 'HOST' }, { header: 'VALUE' }],
        [
          ['CNAME', 'a.example.com', 'x'],
          ['TXT', '_v.a.example.com', ''],
        ],
      ),
    ).toBe(
      'TYPE   HOST              VALUE\n' +
        'CNAME  a.example.com     x\n' +
        'TXT    _v.a.example.com\n',
    );
  });

  it('never truncates a long value', () => {
    const long = `domainctl-verify=${'a'.repeat(300)}`;
    const out = renderTable([{ header: 'TYPE' }, { header: 'VALUE' }], [['TXT', long]]);
    expect(out).toBe(`TYPE  VALUE\nTXT   ${long}\n`);
  });

  it('aligns right when asked, and measures cells without their colours', () => {
    const p = paint(true);
    const out = renderTable(
      [{ header: 'NAME' }, { header: 'N', align: 'right' }, { header: 'STATUS' }],
      [
        [p.green('a'), '7', p.yellow('pending')],
        ['bbb', '1234', 'ok'],
      ],
      { color: true },
    );
    expect(stripAnsi(out)).toBe('NAME     N  STATUS\na        7  pending\nbbb   1234  ok\n');
    expect(out.startsWith('\u001b[1mNAME\u001b[22m')).toBe(true);
  });
});

describe('expiryText', () => {
  const now = new Date('2026-01-10T12:00:00.000Z');
  const p = paint(false);

  it('shows the date and the days left, warning with 14 days or fewer left', () => {
    expect(expiryText(null, now, p)).toBe('-');
    expect(expiryText('2026-03-01T00:00:00.000Z', now, p)).toBe('2026-03-01 (49 days left)');
    expect(expiryText('2026-01-11T13:00:00.000Z', now, p)).toBe('2026-01-11 (1 day left)');
    expect(expiryText('2026-01-10T18:00:00.000Z', now, p)).toBe('2026-01-10 (< 1 day left)');
    expect(expiryText('2026-01-10T06:00:00.000Z', now, p)).toBe('2026-01-10 (expired)');
    expect(expiryText('2026-01-07T06:00:00.000Z', now, p)).toBe('2026-01-07 (expired 3 days ago)');
    const colour = paint(true);
    expect(expiryText('2026-01-20T00:00:00.000Z', now, colour)).toBe(
      '\u001b[33m2026-01-20 (9 days left)\u001b[39m',
    );
    expect(expiryText('2026-06-20T00:00:00.000Z', now, colour)).toBe('2026-06-20 (160 days left)');
  });
});
