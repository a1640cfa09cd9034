// The leads CSV: RFC 4180 quoting and OWASP's CSV-injection rule (a cell that starts with =, +,
// -, @, a tab or a carriage return is made inert with a leading single quote).
import { describe, expect, it } from 'vitest';
import { csvCell, leadsCsv } from '../../../server/leads/csv.ts';

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
  ])('makes %j inert', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['Ada Lovelace', '"Ada Lovelace"'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['a=b', '"a=b"'],
    ['ada-l@example.com', '"ada-l@example.com"'],
    ['', '""'],
  ])('quotes %j and leaves it as it is otherwise', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('leadsCsv', () => {
  it('writes a header and one CRLF row per lead, consent as yes or no', () => {
    const csv = leadsCsv([
      { id: 1, tenant: 'gala', name: '<b>Ada</b>', email: 'ada@example.com', company: '', consent: true, createdAt: 0 },
      {
        id: 2,
        tenant: 'gala',
        name: '-Eve',
        email: 'eve@example.com',
        company: '@Corp',
        consent: false,
        createdAt: 1000,
      },
    ]);
    expect(csv).toBe(
      '"given_at","name","email","company","marketing_consent"\r\n' +
        '"1970-01-01T00:00:00.000Z","<b>Ada</b>","ada@example.com","","yes"\r\n' +
        `"1970-01-01T00:00:01.000Z","'-Eve","eve@example.com","'@Corp","no"\r\n`,
    );
  });
});
