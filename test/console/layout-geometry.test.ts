import { expect } from 'chai';
import { moved, resized, snapMove, snapResize } from '../../console/src/layouts/geometry.js';
import { compatibleSources, configurationForm, configurationIssues } from '../../console/src/widgets/config-schema.js';

const canvas = { width: 1920, height: 1080 };

describe('console layout editor geometry', () => {
  it('keeps a moved or resized placement inside the canvas, in whole pixels', () => {
    const box = { x: 100, y: 100, width: 400, height: 300 };
    expect(moved(box, -500.4, 2000, canvas)).to.deep.equal({ x: 0, y: 780, width: 400, height: 300 });
    expect(moved(box, 10.6, -0.4, canvas)).to.deep.equal({ x: 111, y: 100, width: 400, height: 300 });
    expect(resized(box, 5000, -1000, canvas)).to.deep.equal({ x: 100, y: 100, width: 1820, height: 8 });
  });

  it('snaps the nearest edge to the grid, the canvas edges or another placement, within reach only', () => {
    const other = { x: 1000, y: 500, width: 300, height: 200 };
    // The right edge (993) is 7 px from the other's left edge, the top (47) 7 px from a grid line.
    expect(snapMove({ x: 593, y: 47, width: 400, height: 300 }, [other], canvas)).to.deep.equal({ x: 600, y: 40, width: 400, height: 300 });
    // Near the canvas' right edge.
    expect(snapMove({ x: 1515, y: 333, width: 400, height: 300 }, [], canvas).x).to.equal(1520);
    // Resizing moves only the right and bottom edges: the bottom sticks to the other's top.
    expect(snapResize({ x: 10, y: 10, width: 290, height: 485 }, [other], canvas)).to.deep.equal({ x: 10, y: 10, width: 290, height: 490 });
  });
});

describe('console widget settings form', () => {
  const fields = [
    { key: 'dataSourceId', label: 'Data source', control: 'data_source', required: true, acceptedDataSourceKinds: ['records', 'numeric'] },
    {
      key: 'format',
      label: 'Format',
      control: 'select',
      options: [
        { value: '12', label: '12' },
        { value: '24', label: '24' },
      ],
    },
    { key: 'valueField', label: 'Value field', control: 'data_source_field' },
    {
      key: 'zones',
      label: 'Places',
      control: 'repeating_group',
      maximumItems: 8,
      itemFields: [{ key: 'label', label: 'Label', control: 'text', maxLength: 80, required: true }],
    },
  ] as never[];

  it('derives a JSON schema from the fields, leaving the data source to its picker and offering the source’s fields', () => {
    const { schema, uiSchema } = configurationForm(fields, { fields: [{ key: 'price', label: 'Price' }] }, 'None');
    expect(Object.keys(schema.properties ?? {})).to.deep.equal(['format', 'valueField', 'zones']);
    expect(schema.properties?.format).to.deep.include({
      type: 'string',
      oneOf: [
        { const: '12', title: '12' },
        { const: '24', title: '24' },
      ],
    });
    expect(schema.properties?.valueField?.oneOf).to.deep.equal([
      { const: '', title: 'None' },
      { const: 'price', title: 'Price' },
    ]);
    expect(schema.properties?.zones).to.deep.include({ type: 'array', maxItems: 8 });
    expect((schema.properties?.zones?.items as { required: string[] }).required).to.deep.equal(['label']);
    expect(schema.required).to.deep.equal([]);
    expect(uiSchema).to.deep.equal({ zones: { items: {} } });
  });

  it('offers only the sources whose provider has every shape asked, and places the server’s paths in the form', () => {
    const sources = [
      { id: 'a', provider: 'manual' },
      { id: 'b', provider: 'rss' },
    ] as never[];
    const definitions = [
      { id: 'manual', shape: { numeric: true, temporal: false, weather: false } },
      { id: 'rss', shape: { numeric: false, temporal: true, weather: false } },
    ] as never[];
    expect(compatibleSources(sources, definitions, ['records', 'numeric']).map((s: { id: string }) => s.id)).to.deep.equal(['a']);
    expect(configurationIssues({ fields: [{ field: 'body/configuration/zones/0/label', message: 'is required' }] })).to.deep.equal({
      fields: [{ field: 'body/zones/0/label', message: 'is required' }],
    });
  });
});
