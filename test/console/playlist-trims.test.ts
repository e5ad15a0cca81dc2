import { expect } from 'chai';
import { itemInputOf } from '../../console/src/playlists/bulk-items.js';
import { itemSeconds, totalSeconds } from '../../console/src/playlists/durations.js';
import { msFromTrimSeconds, trimProblems } from '../../console/src/playlists/trims.js';

describe('console playlists: a video item’s start and end', () => {
  it('sends typed seconds as whole milliseconds, and an empty field as none', () => {
    expect(msFromTrimSeconds('2.5')).to.equal(2500);
    expect(msFromTrimSeconds(12)).to.equal(12_000);
    expect(msFromTrimSeconds(1.2345)).to.equal(1235);
    expect(msFromTrimSeconds(0)).to.equal(0);
    expect(msFromTrimSeconds('')).to.equal(null);
    expect(msFromTrimSeconds('  ')).to.equal(null);
    expect(msFromTrimSeconds(undefined)).to.equal(null);
  });

  it('says what the server would refuse, against the video’s length in whole milliseconds', () => {
    expect(trimProblems(2000, 12_000, 30)).to.deep.equal({});
    expect(trimProblems(null, null, 30)).to.deep.equal({});
    expect(trimProblems(null, 30_000, 30), 'to the very end').to.deep.equal({});
    expect(trimProblems(-1, null, 30)).to.deep.equal({ start: 'trimStartNegative' });
    expect(trimProblems(30_000, null, 30)).to.deep.equal({ start: 'trimStartPastEnd' });
    expect(trimProblems(5000, 5000, 30)).to.deep.equal({ end: 'trimEndNotAfterStart' });
    expect(trimProblems(null, 0, 30)).to.deep.equal({ end: 'trimEndNotAfterStart' });
    expect(trimProblems(null, 30_001, 30)).to.deep.equal({ end: 'trimEndPastEnd' });
    // The server truncates a recorded 12.3456 s to 12 345 ms.
    expect(trimProblems(null, 12_346, 12.3456)).to.deep.equal({ end: 'trimEndPastEnd' });
    expect(trimProblems(null, 12_345, 12.3456)).to.deep.equal({});
    // Of unknown length, only start against end.
    expect(trimProblems(3_600_000, 7_200_000, undefined)).to.deep.equal({});
    expect(trimProblems(9000, 1000, undefined)).to.deep.equal({ end: 'trimEndNotAfterStart' });
  });

  it('counts a trimmed video for the part it plays in the running time', () => {
    expect(itemSeconds({ assetDurationSeconds: 30, videoStartOffsetMs: 2500, videoEndOffsetMs: 12_000 })).to.equal(9.5);
    expect(itemSeconds({ assetDurationSeconds: 30, videoStartOffsetMs: 10_000 })).to.equal(20);
    expect(itemSeconds({ videoEndOffsetMs: 8000 }), 'an end says how long, whatever the video’s length').to.equal(8);
    expect(itemSeconds({ videoStartOffsetMs: 8000 }), 'a start alone of a video of unknown length').to.equal(undefined);
    expect(itemSeconds({ durationMs: 5000, assetDurationSeconds: 30, videoStartOffsetMs: 2000 }), 'its own duration stops it sooner').to.equal(5);
    expect(itemSeconds({ durationMs: 60_000, videoEndOffsetMs: 12_000, videoStartOffsetMs: 2000 }), 'or its end does').to.equal(10);
    expect(totalSeconds([{ durationMs: 10_000 }, { assetDurationSeconds: 30, videoStartOffsetMs: 20_000 }])).to.deep.equal({ seconds: 20, complete: true });
  });

  it('sends a trimmed item back with its trim on a bulk change, and none as null', () => {
    const item = {
      id: 'v',
      assetId: 'clip',
      fitMode: 'contain',
      transition: 'none',
      audioEnabled: true,
      volume: 1,
      deliveryPolicy: 'automatic',
      usePlayerDefaults: true,
      dynamic: false,
    };
    expect(itemInputOf({ ...item, videoStartOffsetMs: 1200, videoEndOffsetMs: 20_000 })).to.include({ videoStartOffsetMs: 1200, videoEndOffsetMs: 20_000 });
    expect(itemInputOf(item)).to.include({ videoStartOffsetMs: null, videoEndOffsetMs: null });
  });
});
