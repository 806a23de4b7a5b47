import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { containsPattern, matchesSearch, MAX_INFIX_WORDS, MAX_SEARCH_WORDS, searchesInside, searchWords, splitSearchWords } from './search-terms';

describe('searchWords', () => {
  it('keeps letters and digits as lower-case words, each once', () => {
    expect(searchWords('  Digital   MULTIMETER digital ')).toEqual(['digital', 'multimeter']);
    expect(searchWords('12-Speed Drill-Press, 1/2 inch')).toEqual(['12', 'speed', 'drill', 'press', '1', '2', 'inch']);
  });

  it('finds no words in no search, nor in one of only spaces and punctuation', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(' - / ')).toEqual([]);
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

describe('searchesInside', () => {
  it('looks inside words for 3 letters or digits and more, at word starts only below that', () => {
    expect(['meter', 'ter', '500', 'écr', 'ключ'].map(searchesInside)).toEqual([true, true, true, true, true]);
    expect(['ab', 'm', '12', 'é'].map(searchesInside)).toEqual([false, false, false, false]);
  });

  it('counts letters and digits, not accents typed as marks', () => {
    expect(searchesInside('\u0301\u0301\u0301')).toBe(false);
    expect(searchesInside('e\u0301e\u0301')).toBe(false);
    expect(searchesInside('a\u0301bc')).toBe(true);
  });
});

describe('splitSearchWords', () => {
  it(`looks inside words for the first ${MAX_INFIX_WORDS} long enough, and for the others at word starts`, () => {
    expect(splitSearchWords(['ab', 'digital', 'meter', 'x', 'true', 'rms', 'kit'])).toEqual({
      inside: ['digital', 'meter', 'true'],
      starts: ['ab', 'x', 'rms', 'kit'],
    });
    expect(splitSearchWords(['meter'])).toEqual({ inside: ['meter'], starts: [] });
    expect(splitSearchWords([])).toEqual({ inside: [], starts: [] });
  });
});

describe('containsPattern', () => {
  it('wraps the word in % and escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('meter')).toBe('%meter%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('\\')).toBe('%\\\\%');
    expect(containsPattern(`'"; --`)).toBe(`%'"; --%`);
  });
});

describe('matchesSearch', () => {
  const render = (words: string[]) => new PgDialect().sqlToQuery(matchesSearch(words));
  const insideConditions = (text: string) => text.match(/\(case when /g)?.length ?? 0;

  it('looks for short words in one tsquery, and for each longer one inside the text, all as parameters', () => {
    const { sql, params } = render(['ab', 'm', 'meter', 'driver']);
    expect(sql.match(/ @@ /g)).toHaveLength(1);
    expect(sql.match(/to_tsquery\('simple'/g)).toHaveLength(2);
    expect(insideConditions(sql)).toBe(2);
    expect(params.slice(0, 4)).toEqual(['ab:*', 'ab:*', 'm:*', 'm:*']);
    expect(params).toContain('%meter%');
    expect(params).toContain('%driver%');
    expect(sql).not.toMatch(/meter|driver/);
  });

  it('looks inside the lower-cased text the trigram index is on, by the word and by its stem', () => {
    const { sql } = render(['meter']);
    expect(sql).toContain(`"tools"."search_text" like $`);
    expect(sql).toContain(`ts_lexize('english_stem', $`);
    expect(sql).not.toContain('search_document');
  });

  it('escapes the LIKE wildcards in the stem too, in SQL', () => {
    expect(render(['meter']).sql).toContain("replace(replace(replace((ts_lexize('english_stem', ");
    expect(render(['meter']).sql).toContain(String.raw`'\', '\\'), '%', '\%'), '_', '\_')`);
  });

  it(`looks inside words for at most ${MAX_INFIX_WORDS} words, whatever the number of long words`, () => {
    expect(insideConditions(render(searchWords('ste ard war ork ser rgo eel lik')).sql)).toBe(MAX_INFIX_WORDS);
  });

  it('is no condition without words', () => {
    expect(render([]).sql).toBe('true');
  });
});
