import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { sundialWidgetPlugin } from '../fixtures/sundial-widget.plugin.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('widget types from plugins', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, sundialWidgetPlugin] });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('lists a type a plugin registers, and makes, checks and compiles widgets of it like a core one', async () => {
    const catalog = (await api('GET', '/api/v1/content-definitions')).body.data;
    const sundial = catalog.widgets.find((w: any) => w.id === 'sundial');
    expect(sundial).to.deep.include({ name: 'Sundial', category: 'Fun', requiresManifestV13: true });
    expect(sundial.defaultConfiguration).to.deep.equal({ motto: 'Carpe diem', gnomonDegrees: 45 });
    expect((await api('GET', '/api/v1/provider-catalog')).body.data.providers.map((p: any) => p.id)).to.include('sundial');

    const made = await api('POST', '/api/v1/widgets', { provider: 'sundial', name: 'Garden', configuration: { gnomonDegrees: 30 } });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    expect(made.body.data.widget).to.deep.include({ provider: 'sundial', configuration: { motto: 'Carpe diem', gnomonDegrees: 30 } });
    const tooSteep = await api('POST', '/api/v1/widgets', { provider: 'sundial', name: 'Steep', configuration: { gnomonDegrees: 120 } });
    expect([tooSteep.status, tooSteep.body.error.details.fields[0].field]).to.deep.equal([422, 'body/configuration/gnomonDegrees']);
    const preview = await api('POST', '/api/v1/widgets/compile-preview', { provider: 'sundial', configuration: { motto: 'Tempus fugit' } });
    expect(preview.body.data.native.root.children[0].binding.value).to.equal('Tempus fugit (45°)');
  });
});
