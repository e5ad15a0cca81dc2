import { expect } from 'chai';
import { classifyAddress } from '../../kernel/outbound/address-policy.js';
import { framingVerdict } from '../../core-modules/media/library/websites/framing.js';
import { websiteUrlProblem } from '../../core-modules/media/library/websites/website-url.js';

describe('website rules (unit)', () => {
  describe('classifyAddress', () => {
    const cases: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['93.184.216.34', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['172.32.0.1', 'public'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'shared'],
      ['169.254.169.254', 'link_local'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['fe80::1', 'link_local'],
      ['fe80::1%eth0', 'link_local'],
      ['fd12:3456::1', 'unique_local'],
      ['fc00::1', 'unique_local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:8.8.8.8', 'public'],
      ['64:ff9b::a00:1', 'private'],
      ['2002:c0a8:0101::1', 'private'], // 6to4 of 192.168.1.1
      ['2001:db8::1', 'reserved'],
      ['::127.0.0.1', 'reserved'], // IPv4-compatible, deprecated
      ['2606:4700:4700::1111', 'public'],
      ['2a00:1450:4001:80b::200e', 'public'],
    ];
    for (const [address, category] of cases) {
      it(`${address} is ${category}`, () => expect(classifyAddress(address)).to.equal(category));
    }

    it('throws on something that is not an address', () => {
      expect(() => classifyAddress('localhost')).to.throw('not an IP address');
    });
  });

  describe('framingVerdict', () => {
    it('allows pages without restrictions', () => {
      expect(framingVerdict({})).to.deep.equal({ allowed: true, reason: 'no_restrictions' });
    });

    it('reads X-Frame-Options, ignoring values browsers ignore', () => {
      expect(framingVerdict({ 'x-frame-options': 'DENY' })).to.deep.equal({ allowed: false, reason: 'x_frame_options_deny' });
      expect(framingVerdict({ 'x-frame-options': 'SameOrigin' })).to.deep.equal({ allowed: false, reason: 'x_frame_options_sameorigin' });
      expect(framingVerdict({ 'x-frame-options': 'ALLOW-FROM https://x.example' })).to.deep.equal({ allowed: true, reason: 'x_frame_options_ignored' });
      expect(framingVerdict({ 'x-frame-options': 'allow-from a, deny' }).allowed).to.equal(false);
    });

    it('lets CSP frame-ancestors win over X-Frame-Options', () => {
      expect(framingVerdict({ 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" })).to.deep.equal({
        allowed: false,
        reason: 'csp_frame_ancestors_none',
      });
      expect(framingVerdict({ 'content-security-policy': 'frame-ancestors https://intranet.example' })).to.deep.equal({
        allowed: false,
        reason: 'csp_frame_ancestors_restricted',
      });
      expect(framingVerdict({ 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'DENY' })).to.deep.equal({
        allowed: true,
        reason: 'csp_frame_ancestors_any',
      });
      expect(framingVerdict({ 'content-security-policy': "script-src 'self'", 'x-frame-options': 'DENY' }).reason).to.equal('x_frame_options_deny');
    });

    it('enforces every policy when several are sent', () => {
      expect(framingVerdict({ 'content-security-policy': ['frame-ancestors *', "frame-ancestors 'self'"] }).allowed).to.equal(false);
      expect(framingVerdict({ 'content-security-policy': 'frame-ancestors *, frame-ancestors *' }).allowed).to.equal(true);
    });
  });

  describe('websiteUrlProblem', () => {
    it('accepts http and https addresses', () => {
      expect(websiteUrlProblem('https://example.org/board?x=1')).to.equal(undefined);
      expect(websiteUrlProblem('http://intranet.local:8080/')).to.equal(undefined);
    });

    it('refuses other schemes, credentials, relative and overlong addresses', () => {
      expect(websiteUrlProblem('ftp://example.org/')).to.equal('must use http or https');
      expect(websiteUrlProblem('javascript:alert(1)')).to.equal('must use http or https');
      expect(websiteUrlProblem('file:///etc/passwd')).to.equal('must use http or https');
      expect(websiteUrlProblem('https://user:pass@example.org/')).to.equal('must not contain a user name or password');
      expect(websiteUrlProblem('https://user@example.org/')).to.equal('must not contain a user name or password');
      expect(websiteUrlProblem('/relative')).to.equal('must be an absolute URL');
      expect(websiteUrlProblem(`https://example.org/${'a'.repeat(2048)}`)).to.match(/at most 2048/);
    });
  });
});
