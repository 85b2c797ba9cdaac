import { describe, expect, it } from 'vitest';
import { agreementHash, downloadHash, hashPageParams, readPromoQuery, redirectsToDownload } from './query';

describe('readPromoQuery', () => {
  it('reads the §2 parameters and nothing else', () => {
    expect(
      readPromoQuery('?id=2&app_from=ads&user_from=fb&utm_tag=spring&invite_code=K9&links_id=7&down_id=8&UC=1&language=1&x=y'),
    ).toEqual({ id: '2', app_from: 'ads', user_from: 'fb', utm_tag: 'spring', invite_code: 'K9', links_id: '7', down_id: '8', UC: '1' });
  });

  it('drops empty values and reads the hash route query too (the hash wins)', () => {
    expect(readPromoQuery('?id=2&utm_tag=&app_from=a', '#/downloadTemplate?id=3&user_from=b')).toEqual({ id: '3', app_from: 'a', user_from: 'b' });
  });
});

describe('redirectsToDownload (§4)', () => {
  it('redirects when the query has neither down_id nor links_id', () => {
    expect(redirectsToDownload({ id: '2' })).toBe(true);
  });
  it('does not redirect with down_id', () => {
    expect(redirectsToDownload({ down_id: '8' })).toBe(false);
  });
  it('does not redirect with links_id', () => {
    expect(redirectsToDownload({ links_id: '7' })).toBe(false);
  });
});

describe('hash page links (§2)', () => {
  const query = { id: '2', app_from: 'ads', user_from: 'fb', utm_tag: 'spring', invite_code: 'K9', UC: '1' };

  it('carry app_from, user_from, utm_tag and id', () => {
    expect(downloadHash(query)).toBe('#/downloadTemplate?app_from=ads&user_from=fb&utm_tag=spring&id=2');
    expect(agreementHash(query)).toBe('#/agreementTemplate?app_from=ads&user_from=fb&utm_tag=spring&id=2');
  });

  it('plus links_id, or down_id when there is no links_id', () => {
    expect(hashPageParams({ ...query, links_id: '7', down_id: '8' }).get('links_id')).toBe('7');
    expect(hashPageParams({ ...query, links_id: '7', down_id: '8' }).has('down_id')).toBe(false);
    expect(hashPageParams({ ...query, down_id: '8' }).get('down_id')).toBe('8');
  });

  it('is the bare hash without parameters', () => {
    expect(downloadHash({})).toBe('#/downloadTemplate');
  });
});
