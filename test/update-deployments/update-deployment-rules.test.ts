import { expect } from 'chai';
import { nextStep, planTargets, settlingVersion, type ScreenFacts, type TargetState } from '../../core-modules/update-deployments/update-deployment-rules.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const linux = (n: number, versionCode: number | null = 10, connected = true): ScreenFacts => ({ screenId: id(n), platform: 'linux', versionCode, connected });
const release = { platform: 'linux' as const, versionCode: 20 };

describe('update deployment rules', () => {
  describe('planning the targets', () => {
    it('marks screens of the other platform incompatible and those at or above the version already current', () => {
      const { targets, canarySize } = planTargets(
        [linux(1), { ...linux(2), platform: 'fire-tv' }, linux(3, 20), linux(4, 25), linux(5, null, false)],
        release,
        0,
      );
      expect(targets.map((t) => t.state)).to.deep.equal(['pending', 'incompatible', 'already_current', 'already_current', 'offline']);
      expect(canarySize).to.equal(0);
      expect(targets.map((t) => t.previousVersionCode)).to.deep.equal([10, 10, 20, 25, null]);
    });

    it('marks Android screens that report an API level below the release’s minimum SDK incompatible, unless already current', () => {
      const android = (n: number, androidSdk: number | null, versionCode = 10): ScreenFacts => ({
        screenId: id(n),
        platform: 'android-tv',
        versionCode,
        androidSdk,
        connected: true,
      });
      const apk = { platform: 'android' as const, versionCode: 20, minimumSdk: 26 };
      const { targets } = planTargets([android(1, 25), android(2, 26), android(3, null), android(4, 21, 20)], apk, 0);
      expect(targets.map((t) => t.state)).to.deep.equal(['incompatible', 'pending', 'pending', 'already_current']);
      expect(planTargets([android(1, 25)], { platform: 'android', versionCode: 20 }, 0).targets[0]!.state, 'no minimum declared').to.equal('pending');
    });

    it('treats a screen that never reported a platform as an Android form factor, as the reference does', () => {
      const { targets } = planTargets([{ ...linux(1), platform: '' }], { platform: 'android', versionCode: 20 }, 0);
      expect(targets[0]!.state).to.equal('pending');
    });

    it('sends the first N eligible screens by id and holds the rest', () => {
      const { targets, canarySize } = planTargets([linux(4), linux(2, 30), linux(3), linux(1), linux(5, 10, false)], release, 2);
      expect(canarySize).to.equal(2);
      expect(targets.map((t) => [t.screenId.slice(-1), t.state, t.isCanary])).to.deep.equal([
        ['1', 'pending', true],
        ['2', 'already_current', false],
        ['3', 'pending', true],
        ['4', 'held', false],
        ['5', 'held', false],
      ]);
    });

    it('makes a canary as large as the eligible screens a full rollout', () => {
      const { targets, canarySize } = planTargets([linux(1), linux(2), linux(3, 99)], release, 2);
      expect(canarySize).to.equal(0);
      expect(targets.every((t) => !t.isCanary && t.state !== 'held')).to.equal(true);
    });
  });

  describe('settling from a heartbeat', () => {
    it('takes the version of a build that stayed up, in normal mode, without an update error', () => {
      expect(settlingVersion({ playerVersionCode: 20, uptimeSeconds: 120 })).to.equal(20);
      expect(settlingVersion({ playerVersionCode: 20 }), 'uptime not reported').to.equal(20);
      expect(settlingVersion({ playerVersionCode: 20, uptimeSeconds: 300, safeMode: false, updateError: '' })).to.equal(20);
    });

    it('settles nothing on a short uptime, safe mode, a reported failure or no version', () => {
      expect(settlingVersion({ playerVersionCode: 20, uptimeSeconds: 119 })).to.equal(undefined);
      expect(settlingVersion({ playerVersionCode: 20, safeMode: true })).to.equal(undefined);
      expect(settlingVersion({ playerVersionCode: 20, updateState: 'failed' })).to.equal(undefined);
      expect(settlingVersion({ playerVersionCode: 20, updateError: 'install_failed' })).to.equal(undefined);
      expect(settlingVersion({ uptimeSeconds: 500 })).to.equal(undefined);
      expect(settlingVersion({ playerVersionCode: '20' })).to.equal(undefined);
    });
  });

  describe('moving the rollout on', () => {
    const t = (state: TargetState, isCanary = false) => ({ state, isCanary });
    const canary = { status: 'active' as const, rolloutPhase: 'canary' as const };
    const paused = { status: 'paused' as const, rolloutPhase: 'paused' as const };

    it('pauses an active canary rollout when a canary fails, and stays paused', () => {
      expect(nextStep(canary, [t('failed', true), t('succeeded', true), t('held')])).to.equal('pause');
      expect(nextStep(paused, [t('failed', true), t('succeeded', true), t('held')])).to.equal(undefined);
    });

    it('promotes once every canary runs the new build, also out of a pause', () => {
      expect(nextStep(canary, [t('succeeded', true), t('already_current', true), t('held')])).to.equal('promote');
      expect(nextStep(paused, [t('succeeded', true), t('succeeded', true), t('held')])).to.equal('promote');
      expect(nextStep(canary, [t('succeeded', true), t('installing', true), t('held')])).to.equal(undefined);
    });

    it('completes when every target is terminal, failures included, and never after a cancel', () => {
      expect(nextStep({ status: 'active', rolloutPhase: 'full' }, [t('succeeded'), t('failed'), t('incompatible')])).to.equal('complete');
      expect(nextStep({ status: 'active', rolloutPhase: 'full' }, [t('succeeded'), t('reconnecting')])).to.equal(undefined);
      expect(nextStep({ status: 'cancelled', rolloutPhase: 'full' }, [t('cancelled')])).to.equal(undefined);
    });

    it('leaves a full rollout running when a screen fails', () => {
      expect(nextStep({ status: 'active', rolloutPhase: 'full' }, [t('failed'), t('downloading')])).to.equal(undefined);
    });
  });
});
