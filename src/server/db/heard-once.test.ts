import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeardOnce } from './heard-once';

describe('HeardOnce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the first arrival of an id, not the second, and then forgets it', () => {
    const heard = new HeardOnce();
    expect(heard.first('a')).toBe(true);
    expect(heard.first('b')).toBe(true);
    expect(heard.first('a')).toBe(false);
    expect(heard.size).toBe(1);
    expect(heard.first('b')).toBe(false);
    expect(heard.size).toBe(0);
  });

  it('forgets an id whose second arrival has not come within its time, which then counts again', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const heard = new HeardOnce(1_000, 100);
    heard.first('lost');
    vi.advanceTimersByTime(999);
    heard.first('recent');
    vi.advanceTimersByTime(2);
    heard.first('newest');
    expect(heard.size).toBe(2);
    expect(heard.first('lost')).toBe(true);
    expect(heard.first('recent')).toBe(false);
  });

  it('holds at most its bound, the oldest going first', () => {
    const heard = new HeardOnce(60_000, 3);
    for (const id of ['1', '2', '3', '4', '5']) heard.first(id);
    expect(heard.size).toBe(3);
    expect(heard.first('5')).toBe(false);
    expect(heard.first('1')).toBe(true);
  });
});
