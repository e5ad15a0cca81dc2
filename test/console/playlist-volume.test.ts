import { expect } from 'chai';
import { msFromSeconds, splitSeconds, totalSeconds } from '../../console/src/playlists/durations.js';
import { DEFAULT_VOLUME, percentFromVolume, volumeFromPercent } from '../../console/src/playlists/volume.js';

describe('console playlists: volume in percent and durations in seconds', () => {
  it('shows the API volume (0 to 1) as a whole percentage, the default when there is none', () => {
    expect(percentFromVolume(0.4)).to.equal(40);
    expect(percentFromVolume(0)).to.equal(0);
    expect(percentFromVolume(1)).to.equal(100);
    expect(percentFromVolume(0.333)).to.equal(33);
    expect(percentFromVolume(0.005)).to.equal(1);
    expect(percentFromVolume(null)).to.equal(100);
    expect(percentFromVolume(undefined)).to.equal(100);
    expect(percentFromVolume(1.5)).to.equal(100);
    expect(percentFromVolume(-0.2)).to.equal(0);
  });

  it('sends a typed percentage on the API scale: rounded to whole percent, clamped to 0–100, empty as the default', () => {
    expect(volumeFromPercent(40)).to.equal(0.4);
    expect(volumeFromPercent('40')).to.equal(0.4);
    expect(volumeFromPercent(7)).to.equal(0.07);
    expect(volumeFromPercent(33.4)).to.equal(0.33);
    expect(volumeFromPercent(66.5)).to.equal(0.67);
    expect(volumeFromPercent(0)).to.equal(0);
    expect(volumeFromPercent(140)).to.equal(1);
    expect(volumeFromPercent(-5)).to.equal(0);
    expect(volumeFromPercent(null)).to.equal(DEFAULT_VOLUME);
    expect(volumeFromPercent('')).to.equal(DEFAULT_VOLUME);
    expect(volumeFromPercent('loud')).to.equal(DEFAULT_VOLUME);
    for (let p = 0; p <= 100; p += 1) expect(percentFromVolume(volumeFromPercent(p))).to.equal(p);
  });

  it('turns seconds into API milliseconds within 1 s to 24 h, and empty into none (a video plays its length)', () => {
    expect(msFromSeconds(15)).to.equal(15_000);
    expect(msFromSeconds('2.5')).to.equal(2500);
    expect(msFromSeconds(0)).to.equal(1000);
    expect(msFromSeconds(100_000)).to.equal(86_400_000);
    expect(msFromSeconds('')).to.equal(null);
    expect(msFromSeconds(undefined)).to.equal(null);
  });

  it('adds up a running time, saying when an item of unknown length makes it a lower bound', () => {
    expect(totalSeconds([{ durationMs: 10_000 }, { assetDurationSeconds: 12.5 }])).to.deep.equal({ seconds: 22.5, complete: true });
    expect(totalSeconds([{ durationMs: 10_000 }, {}])).to.deep.equal({ seconds: 10, complete: false });
    expect(splitSeconds(3725)).to.deep.equal({ h: 1, m: 2, s: 5 });
    expect(splitSeconds(45)).to.deep.equal({ h: 0, m: 0, s: 45 });
  });
});
