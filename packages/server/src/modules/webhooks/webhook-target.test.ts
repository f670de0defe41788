import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';
import { guardedLookup, parseAllowedNetworks, parseCidr, targetPolicy } from './webhook-target';

describe('webhook targets', () => {
  it('refuses loopback, link-local, private, shared and special ranges unless allowed', () => {
    const policy = targetPolicy([]);
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:1',
    ]) {
      expect(policy(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(policy(address), address).toBe(true);
    }
    expect(policy('not-an-ip')).toBe(false);
  });

  it('allows exactly the networks of WEBHOOK_ALLOWED_NETWORKS', () => {
    const policy = targetPolicy(['10.20.0.0/16', 'fd00:1::/32', '127.0.0.1']);
    expect(policy('10.20.3.4')).toBe(true);
    expect(policy('::ffff:10.20.3.4')).toBe(true);
    expect(policy('::ffff:a14:304')).toBe(true);
    expect(policy('10.21.0.1')).toBe(false);
    expect(policy('fd00:1::5')).toBe(true);
    expect(policy('fd00:2::5')).toBe(false);
    expect(policy('127.0.0.1')).toBe(true);
    expect(policy('127.0.0.2')).toBe(false);
  });

  it('parses and validates the CIDR list; a bad entry stops the start naming the variable', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr('::1')).toEqual({ address: '::1', prefix: 128, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'example.com/8', '10.0.0.0/8/1', '10.0.0.0/x', '']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
    expect(parseAllowedNetworks(' 10.0.0.0/8 , 192.168.5.0/24,')).toEqual(['10.0.0.0/8', '192.168.5.0/24']);
    expect(() => parseEnv({ WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8,intranet' })).toThrow(
      /WEBHOOK_ALLOWED_NETWORKS: "intranet" is no CIDR/,
    );
    expect(parseEnv({ WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8' }).WEBHOOK_ALLOWED_NETWORKS).toBe('10.0.0.0/8');
  });

  it('the delivery lookup refuses a host name that resolves to a refused address (DNS rebinding)', async () => {
    const lookup = guardedLookup(targetPolicy([]));
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', {}, (error) => resolve(error)),
    );
    expect(refused?.code).toBe('EREFUSEDTARGET');
    expect(refused?.message).toMatch(/is not allowed as a webhook target/);
    const allowed = guardedLookup(targetPolicy(['127.0.0.0/8', '::1/128']));
    const answer = await new Promise<{ error: unknown; address: unknown }>((resolve) =>
      allowed('localhost', {}, (error, address) => resolve({ error, address })),
    );
    expect(answer.error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(answer.address);
    const all = await new Promise<unknown>((resolve) =>
      allowed('localhost', { all: true }, (_error, addresses) => resolve(addresses)),
    );
    expect(Array.isArray(all) && all.length > 0).toBe(true);
  });
});
