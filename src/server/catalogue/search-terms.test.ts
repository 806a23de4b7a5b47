import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, searchWords } from './search-terms';

describe('searchWords', () => {
  it('keeps letters and digits as lower-case words, each once', () => {
    expect(searchWords('  Digital   MULTIMETER digital ')).toEqual(['digital', 'multimeter']);
    expect(searchWords('12-Speed Drill-Press, 1/2 inch')).toEqual(['12', 'speed', 'drill', 'press', '1', '2', 'inch']);
  });

  it('turns query syntax and markup into separators, never operators', () => {
    expect(searchWords("drill & !press | (vise):* <-> 'x' \\ \"y\"")).toEqual(['drill', 'press', 'vise', 'x', 'y']);
    expect(searchWords('<script>alert(1)</script>')).toEqual(['script', 'alert', '1']);
    expect(searchWords("'; drop table tools; --")).toEqual(['drop', 'table', 'tools']);
  });

  it('finds no words in punctuation alone, which means no search', () => {
    expect(searchWords('&|!():*<->')).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('\u0000\u0001')).toEqual([]);
  });

  it('keeps accented and non-Latin words whole, however the accents were typed', () => {
    expect(searchWords('Écrou ÉCROU')).toEqual(['écrou']);
    expect(searchWords('E\u0301crou')).toEqual(['écrou']);
    expect(searchWords('Schraubendreher гаечный ключ')).toEqual(['schraubendreher', 'гаечный', 'ключ']);
  });

  it(`uses at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(MAX_SEARCH_WORDS);
  });
});
