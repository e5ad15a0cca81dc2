import { expect } from 'chai';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../kernel/config.js';

describe('configuration', () => {
  it('has defaults a fresh install can run with', () => {
    const c = loadConfig({});
    expect(c).to.deep.include({ port: 8080, host: '0.0.0.0', dataDir: resolve('./data'), logLevel: 'info', env: 'production', trustProxy: false });
    expect(c.databaseUrl).to.equal(undefined);
    expect(c.publicUrl.href).to.equal('http://localhost:8080/');
  });

  it('reads every setting from the environment', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://signs.example.org',
      DATA_DIR: '/srv/signage',
      DATABASE_URL: 'postgres://u:p@db:5432/signage',
      LOG_LEVEL: 'debug',
      SIGNAGE_ENV: 'demo',
      FFMPEG_PATH: '/opt/ffmpeg',
      FFPROBE_PATH: '/opt/ffprobe',
      TRUST_PROXY: 'true',
    });
    expect(c).to.deep.include({ port: 9000, host: '127.0.0.1', dataDir: '/srv/signage', databaseUrl: 'postgres://u:p@db:5432/signage' });
    expect(c).to.deep.include({ logLevel: 'debug', env: 'demo', ffmpegPath: '/opt/ffmpeg', ffprobePath: '/opt/ffprobe', trustProxy: true });
    expect(c.publicUrl.origin).to.equal('https://signs.example.org');
  });

  const bad: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ PUBLIC_URL: 'signs.local' }, 'PUBLIC_URL must be an absolute URL'],
    [{ PUBLIC_URL: 'ftp://signs.local' }, 'PUBLIC_URL must use http or https'],
    [{ PUBLIC_URL: 'https://signs.local/console' }, 'PUBLIC_URL must be an origin without a path'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must use postgres or postgresql'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ SIGNAGE_ENV: 'staging' }, 'SIGNAGE_ENV must be one of production, demo'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
  ];
  for (const [env, message] of bad) {
    it(`refuses ${JSON.stringify(env)} with a one-line reason`, () => {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }
});
