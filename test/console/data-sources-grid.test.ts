import { expect } from 'chai';
import { failureWords } from '../../console/src/data-sources/diagnostic-words.js';
import { pasteBlock, type TableColumn } from '../../console/src/data-sources/paste-cells.js';
import { keyFromLabel, newRow, rowsForSave, withBlock } from '../../console/src/data-sources/table-rows.js';

const columns: TableColumn[] = [
  { key: 'dish', label: 'Dish', type: 'text' },
  { key: 'price', label: 'Price', type: 'number' },
];

describe('console: a manual table’s grid and a source’s diagnostics, without a browser', () => {
  it('lays a pasted block over the rows, keeping their ids and adding rows up to the table’s limit', () => {
    const rows = [{ ...newRow({ dish: 'Soup', price: '4' }), id: 'a' }];
    const { rows: laid, cut } = withBlock(rows, pasteBlock('Soup\t5\nTea\t2\nCake\t3\n', columns, 0, 0), 2);
    expect(cut, 'the third pasted row is past a two-row limit').to.equal(true);
    expect(rowsForSave(laid, columns)).to.deep.equal([{ id: 'a', values: { dish: 'Soup', price: '5' } }, { values: { dish: 'Tea', price: '2' } }]);
  });

  it('saves each column’s non-empty cells only, and nothing of a removed column', () => {
    const rows = [newRow({ dish: 'Soup', price: ' ', vegan: 'true' })];
    expect(rowsForSave(rows, columns)).to.deep.equal([{ values: { dish: 'Soup' } }]);
  });

  it('makes a column key the API takes from its name', () => {
    expect(keyFromLabel('Price (EUR)')).to.equal('priceEur');
    expect(keyFromLabel('Crème brûlée')).to.equal('cremeBrulee');
    expect(keyFromLabel('2nd course')).to.equal('c2ndCourse');
    for (const label of ['Price (EUR)', '2nd course', 'a b c']) expect(keyFromLabel(label)).to.match(/^[a-z][A-Za-z0-9_]{0,39}$/);
  });

  it('says a failure in the words of its code, of its HTTP status class, or names an unknown code', () => {
    expect(failureWords('timeout')).to.deep.equal({ key: 'timeout', values: {} });
    expect(failureWords('http_404')).to.deep.equal({ key: 'http_404', values: {} });
    expect(failureWords('http_418')).to.deep.equal({ key: 'http_4xx', values: { status: 418 } });
    expect(failureWords('http_503')).to.deep.equal({ key: 'http_5xx', values: { status: 503 } });
    expect(failureWords('http_304')).to.deep.equal({ key: 'http_other', values: { status: 304 } });
    expect(failureWords('plugin_quota')).to.deep.equal({ key: 'unknown', values: { code: 'plugin_quota' } });
  });
});
