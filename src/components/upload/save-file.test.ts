import { describe, expect, it } from 'vitest';
import { downloadNameOf } from './save-file';

const file = (title: string, ext: string | null, name = 'upload.bin') => ({ name, ext, meta: { title } });

describe('downloadNameOf: the saved name’s extension comes from the real file type', () => {
  it.each([
    ['a PDF titled like a web page', file('Lab.html', 'pdf'), undefined, 'Lab_html.pdf'],
    ['a text file titled like a program', file('eviltxt.exe', 'txt'), undefined, 'eviltxt_exe.txt'],
    ['a title that already carries the real extension', file('Report.PDF', 'pdf'), undefined, 'Report.pdf'],
    ['a plain title', file('Vaccination record', 'txt'), undefined, 'Vaccination record.txt'],
    ['a renamed file whose stored name lies too', file('x.html', 'png', 'x.html'), undefined, 'x_html.png'],
    [
      'no stored extension: the served type decides',
      file('Scan.exe', null),
      'application/pdf',
      'Scan_exe.pdf',
    ],
    [
      'no stored extension and an unknown type: no extension at all',
      file('Scan.exe', null),
      'application/x-msdownload',
      'Scan_exe',
    ],
    ['a hostile extension value is cleaned', file('Note', '../e x e'), undefined, 'Note'],
  ])('%s', (_label, record, mime, expected) => {
    expect(downloadNameOf(record, mime)).toBe(expected);
  });
});
