import { expect } from 'chai';
import type { Context } from 'koa';
import { installerOrigin } from '../../installers/server-origin.js';
import { loadConfig } from '../../kernel/config.js';
import { AppError } from '../../kernel/errors.js';

const request = (protocol: string, host: string) => ({ protocol, host }) as Context;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return 'no refusal';
};

describe('the address installers call home to', () => {
  it('is PUBLIC_URL when it is set, whatever Host the box used', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://signage.example.org' });
    expect(installerOrigin(config, request('http', '10.0.0.5:8080'))).to.equal('https://signage.example.org');
  });

  it('is the scheme and Host the box used when PUBLIC_URL is not set', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(installerOrigin(config, request('http', '10.0.0.5:8080'))).to.equal('http://10.0.0.5:8080');
    expect(installerOrigin(config, request('https', '[fd00::5]:8443'))).to.equal('https://[fd00::5]:8443');
  });

  it('is refused, not cleaned, when the Host holds anything but a host name and port', () => {
    const config = loadConfig({});
    for (const host of ['a"b', 'x$(reboot)', 'a;b', 'a b', 'user@host', '', 'host:port'])
      expect(
        refusal(() => installerOrigin(config, request('http', host))),
        host,
      ).to.equal('install_server_url_invalid');
  });
});
