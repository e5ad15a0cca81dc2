import { expect } from 'chai';
import { convertCell, pasteBlock, splitClipboard, type TableColumn } from '../../console/src/data-sources/paste-cells.js';

const columns: TableColumn[] = [
  { key: 'dish', label: 'Dish', type: 'text' },
  { key: 'price', label: 'Price', type: 'currency' },
  { key: 'vegan', label: 'Vegan', type: 'boolean' },
  { key: 'served', label: 'Served', type: 'date' },
];

describe('console: cells pasted into a manual table', () => {
  it('splits a spreadsheet copy into rows and cells, quoted cells whole, with no empty row for the final newline', () => {
    expect(splitClipboard('Soup\t4.50\r\nCurry\t9\r\n')).to.deep.equal([
      ['Soup', '4.50'],
      ['Curry', '9'],
    ]);
    expect(splitClipboard('"Fish\tand ""chips"""\t7\n"two\nlines"\t')).to.deep.equal([
      ['Fish\tand "chips"', '7'],
      ['two\nlines', ''],
    ]);
    expect(splitClipboard('one cell')).to.deep.equal([['one cell']]);
    expect(splitClipboard('')).to.deep.equal([]);
  });

  it('converts each cell to what its column stores, spreadsheet spellings included', () => {
    for (const [type, raw, stored] of [
      ['number', '1,234.50', '1234.5'],
      ['number', '1.234,5', '1234.5'],
      ['currency', '4,50 €', '4.5'],
      ['currency', '$12', '12'],
      ['percent', '12 %', '12'],
      ['integer', '1,200', '1200'],
      ['boolean', 'Yes', 'true'],
      ['boolean', 'FALSE', 'false'],
      ['date', '24.12.2026', '2026-12-24'],
      ['date', '2026-1-5', '2026-01-05'],
      ['datetime', '2026-12-24T18:30:00Z', '2026-12-24T18:30:00.000Z'],
      ['url', 'https://example.org/menu', 'https://example.org/menu'],
      ['text', '  kept as typed ', '  kept as typed '],
      ['number', '  ', ''],
    ] as const) {
      expect(convertCell(type, raw), `${type} ${raw}`).to.equal(stored);
    }
    for (const [type, raw] of [
      ['number', 'cheap'],
      ['number', '3 pieces'],
      ['integer', '2.5'],
      ['boolean', 'maybe'],
      ['date', '31.02.2026'],
      ['date', '12/24/2026'],
      ['datetime', '2026-12-24'],
      ['url', 'example.org'],
      ['url', 'javascript:alert(1)'],
    ] as const) {
      expect(convertCell(type, raw), `${type} ${raw}`).to.equal(undefined);
    }
  });

  it('lays a block from the cell it was pasted into, reporting the cells it could not convert and leaving them out', () => {
    const block = pasteBlock('4.50\tyes\t24.12.2026\textra\ncheap\tno\tsoon\n', columns, 2, 1);
    expect(block.rows).to.deep.equal([
      { row: 2, values: { price: '4.5', vegan: 'true', served: '2026-12-24' } },
      { row: 3, values: { vegan: 'false' } },
    ]);
    expect(block.problems).to.deep.equal([
      { row: 3, column: 'price', value: 'cheap', expected: 'currency' },
      { row: 3, column: 'served', value: 'soon', expected: 'date' },
    ]);
    expect(block.cellsCut).to.equal(1);
  });
});
