import { describe, expect, it } from 'vitest';
import { rateSubject } from './client-ip.js';

describe('rateSubject', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(rateSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(rateSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const subject = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::5%eth0',
    ]) {
      expect(rateSubject(ip)).toBe(subject);
    }
    expect(rateSubject('2001:db8:1:3::1')).not.toBe(subject);
    expect(rateSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('drops a port a proxy wrote with the address: every port is the same client', () => {
    expect(rateSubject('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(rateSubject('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
    expect(rateSubject('[::ffff:203.0.113.7]:80')).toBe('203.0.113.7');
  });

  it('leaves what is not an address alone', () => {
    expect(rateSubject('unknown')).toBe('unknown');
    expect(rateSubject('not:an:address::zz')).toBe('not:an:address::zz');
  });
});
