import { expect } from 'chai';
import { displayPolicy, scheduleWindows, selectContent } from '../../browser-player/src/playback/schedule.js';
import { at, layout, manifest, oneTime, playlist, uuid, weekly } from './manifest-fixtures.js';

// 2026-11-30 is a Monday.
const MONDAY_NOON = at('2026-11-30T12:00:00Z');

const decision = (m: ReturnType<typeof manifest>, now: number) => {
  const first = selectContent(m, now).choices[0];
  return first ? { source: first.source, playlist: first.playlist?.name, layout: first.layout?.id } : undefined;
};

describe('browser player: which content plays (schedules, takeovers, quick present)', () => {
  const own = playlist('own');
  const scheduled = playlist('scheduled');
  const quick = playlist('quick');
  const urgent = playlist('urgent');

  it('plays a takeover over a quick presentation, a quick presentation over schedules, schedules over the screen’s own playlist', () => {
    const m = manifest({
      playlist: own,
      directFallbackPlaylist: own,
      playlists: [own, scheduled, quick, urgent],
      schedules: [weekly({ playlistId: scheduled.id })],
      presentationOverride: {
        id: uuid('override'),
        contentType: 'playlist',
        contentId: quick.id,
        contentName: 'quick',
        playlistId: quick.id,
        startedAt: '2026-11-30T11:00:00Z',
        wakeDisplay: true,
      },
      takeover: { id: uuid('takeover'), playlistId: urgent.id, activatedAt: '2026-11-30T11:30:00Z', expiresAt: '2026-11-30T12:30:00Z' },
    });
    const choices = selectContent(m, MONDAY_NOON).choices;
    expect(choices.map((c) => [c.source, c.playlist?.name])).to.deep.equal([
      ['takeover', 'urgent'],
      ['quick_present', 'quick'],
      ['schedule', 'scheduled'],
      ['direct', 'own'],
    ]);
    // After the takeover expires, the quick presentation (no expiry) is back on top.
    expect(decision(m, at('2026-11-30T12:30:00Z'))).to.deep.equal({ source: 'quick_present', playlist: 'quick', layout: undefined });
    // Before 09:00 nothing but the quick presentation and the assigned playlist hold.
    const early = selectContent(m, at('2026-11-30T08:00:00Z'));
    expect(early.choices.map((c) => c.source)).to.deep.equal(['direct']);
    expect(new Date(early.nextChangeAt!).toISOString()).to.equal('2026-11-30T09:00:00.000Z');
  });

  it('picks the higher priority schedule, then the one targeting the screen itself over its group’s', () => {
    const group = playlist('group');
    const screen = playlist('screen');
    const high = playlist('high');
    const m = manifest({ playlists: [group, screen, high] });
    m.schedules = [weekly({ playlistId: group.id }, { specificity: 0 }), weekly({ playlistId: screen.id }, { specificity: 1 })];
    expect(decision(m, MONDAY_NOON)?.playlist).to.equal('screen');
    m.schedules.push(weekly({ playlistId: high.id }, { priority: 5, specificity: 0 }));
    expect(decision(m, MONDAY_NOON)?.playlist).to.equal('high');
  });

  it('reads a schedule’s hours in its own time zone and wakes at the exact minute it starts', () => {
    const m = manifest({
      playlist: own,
      playlists: [own, scheduled],
      schedules: [weekly({ playlistId: scheduled.id }, { timezone: 'America/New_York', daysOfWeek: [1] })],
    });
    // 09:00 in New York in winter is 14:00 UTC.
    const before = selectContent(m, at('2026-11-30T13:59:00Z'));
    expect(before.choices[0]?.source).to.equal('direct');
    expect(new Date(before.nextChangeAt!).toISOString()).to.equal('2026-11-30T14:00:00.000Z');
    expect(decision(m, at('2026-11-30T14:00:00Z'))?.playlist).to.equal('scheduled');
    const during = selectContent(m, at('2026-11-30T20:00:00Z'));
    expect(new Date(during.nextChangeAt!).toISOString()).to.equal('2026-11-30T22:00:00.000Z');
    expect(decision(m, at('2026-11-30T22:00:00Z'))?.playlist).to.equal('own');
  });

  it('follows daylight saving changes: a skipped start moves to the jump, a repeated time starts early and ends late', () => {
    const spring = weekly({ playlistId: scheduled.id }, { timezone: 'Europe/Berlin', dailyStart: '02:30', dailyEnd: '04:00' });
    const [springWindow] = scheduleWindows(spring, at('2026-03-29T00:00:00Z'), at('2026-03-29T06:00:00Z'));
    // 02:30 does not exist on 29 March in Berlin: the clock jumps from 02:00 CET to 03:00 CEST (01:00 UTC).
    expect(new Date(springWindow!.start).toISOString()).to.equal('2026-03-29T01:00:00.000Z');
    expect(new Date(springWindow!.end).toISOString()).to.equal('2026-03-29T02:00:00.000Z');

    const autumn = weekly({ playlistId: scheduled.id }, { timezone: 'Europe/Berlin', dailyStart: '02:30', dailyEnd: '02:45' });
    const [autumnWindow] = scheduleWindows(autumn, at('2026-10-24T22:00:00Z'), at('2026-10-25T06:00:00Z'));
    // 02:30 happens twice on 25 October: first in CEST (00:30 UTC); 02:45 ends at its second reading, in CET.
    expect(new Date(autumnWindow!.start).toISOString()).to.equal('2026-10-25T00:30:00.000Z');
    expect(new Date(autumnWindow!.end).toISOString()).to.equal('2026-10-25T01:45:00.000Z');
  });

  it('runs a window that crosses midnight into the next day, counted as the day it started', () => {
    // Friday 22:00 to 06:00, and only until Friday 4 December.
    const night = weekly({ playlistId: scheduled.id }, { dailyStart: '22:00', dailyEnd: '06:00', daysOfWeek: [5], endDate: '2026-12-04' });
    const m = manifest({ playlist: own, playlists: [own, scheduled], schedules: [night] });
    expect(decision(m, at('2026-12-04T21:59:00Z'))?.playlist).to.equal('own');
    expect(decision(m, at('2026-12-04T22:00:00Z'))?.playlist).to.equal('scheduled');
    // Saturday morning still belongs to Friday's window, though the end date has passed.
    expect(decision(m, at('2026-12-05T05:59:00Z'))?.playlist).to.equal('scheduled');
    expect(decision(m, at('2026-12-05T06:00:00Z'))?.playlist).to.equal('own');
    // Saturday night is not a Friday.
    expect(decision(m, at('2026-12-05T23:00:00Z'))?.playlist).to.equal('own');
    // The next Friday is past the end date.
    expect(decision(m, at('2026-12-11T23:00:00Z'))?.playlist).to.equal('own');
  });

  it('keeps weekly schedules inside their start and end dates, and to the days they name', () => {
    const bounded = weekly({ playlistId: scheduled.id }, { startDate: '2026-12-01', endDate: '2026-12-02', daysOfWeek: [1, 2, 3] });
    const m = manifest({ playlist: own, playlists: [own, scheduled], schedules: [bounded] });
    expect(decision(m, MONDAY_NOON)?.playlist, 'Monday 30 November, before the start date').to.equal('own');
    expect(decision(m, at('2026-12-01T12:00:00Z'))?.playlist).to.equal('scheduled');
    expect(decision(m, at('2026-12-02T12:00:00Z'))?.playlist).to.equal('scheduled');
    expect(decision(m, at('2026-12-03T12:00:00Z'))?.playlist, 'Thursday is not named').to.equal('own');
    expect(decision(m, at('2026-12-07T12:00:00Z'))?.playlist, 'after the end date').to.equal('own');
  });

  it('plays a one-time schedule from its start up to (not including) its end', () => {
    const event = oneTime({ playlistId: scheduled.id }, '2026-12-24T18:00:00Z', '2026-12-24T20:30:00Z');
    const m = manifest({ playlist: own, playlists: [own, scheduled], schedules: [event] });
    const before = selectContent(m, at('2026-12-24T17:00:00Z'));
    expect(before.choices[0]?.playlist?.name).to.equal('own');
    expect(new Date(before.nextChangeAt!).toISOString()).to.equal('2026-12-24T18:00:00.000Z');
    const during = selectContent(m, at('2026-12-24T18:00:00Z'));
    expect(during.choices[0]).to.include({ source: 'schedule', scheduleId: event.id });
    expect(new Date(during.nextChangeAt!).toISOString()).to.equal('2026-12-24T20:30:00.000Z');
    expect(decision(m, at('2026-12-24T20:30:00Z'))?.playlist).to.equal('own');
  });

  it('plays layouts named by a schedule, a quick presentation or the assignment', () => {
    const board = layout('board');
    const lobby = layout('lobby');
    const m = manifest({ layout: lobby, directFallbackLayout: lobby, layouts: [lobby, board], schedules: [weekly({ layoutId: board.id })] });
    expect(decision(m, MONDAY_NOON)).to.deep.equal({ source: 'schedule', playlist: undefined, layout: board.id });
    expect(decision(m, at('2026-11-30T18:00:00Z'))).to.deep.equal({ source: 'direct', playlist: undefined, layout: lobby.id });
    m.presentationOverride = {
      id: uuid('override'),
      contentType: 'layout',
      contentId: lobby.id,
      contentName: 'lobby',
      layoutId: lobby.id,
      startedAt: '2026-11-30T11:00:00Z',
      expiresAt: '2026-11-30T13:00:00Z',
      wakeDisplay: false,
    };
    expect(decision(m, MONDAY_NOON)?.source).to.equal('quick_present');
    expect(new Date(selectContent(m, MONDAY_NOON).nextChangeAt!).toISOString()).to.equal('2026-11-30T13:00:00.000Z');
  });

  it('passes over a schedule whose playlist the manifest does not hold, and falls back to the direct fallback', () => {
    const fallback = playlist('fallback');
    const m = manifest({ directFallbackPlaylist: fallback, playlists: [fallback], schedules: [weekly({ playlistId: uuid('missing') })] });
    expect(selectContent(m, MONDAY_NOON).choices.map((c) => [c.source, c.playlist?.name])).to.deep.equal([['direct', 'fallback']]);
    expect(selectContent(manifest(), MONDAY_NOON).choices).to.deep.equal([]);
  });

  it('reads a takeover under its older name, and display-control schedules decide the display, not the content', () => {
    const m = manifest({
      playlist: own,
      playlists: [own, urgent],
      emergency: { id: uuid('takeover'), playlistId: urgent.id, activatedAt: '2026-11-30T11:00:00Z', expiresAt: '2026-11-30T13:00:00Z' },
      schedules: [weekly({}, { displayAction: { type: 'display_power_off' }, dailyStart: '20:00', dailyEnd: '07:00' })],
    });
    expect(decision(m, MONDAY_NOON)?.source).to.equal('takeover');
    expect(displayPolicy(m, MONDAY_NOON).action).to.equal(undefined);
    expect(displayPolicy(m, at('2026-11-30T21:00:00Z')).action).to.deep.equal({ type: 'display_power_off' });
    expect(new Date(displayPolicy(m, MONDAY_NOON).nextChangeAt!).toISOString()).to.equal('2026-11-30T20:00:00.000Z');
    expect(decision(m, at('2026-11-30T21:00:00Z'))?.playlist).to.equal('own');
  });
});
