import { describe, expect, it } from 'vitest';
import { confianzaProxy, direccionCliente } from './direccion-cliente.js';

describe('direccionCliente', () => {
  it('keeps an IPv4 address, also when it comes mapped into IPv6', () => {
    expect(direccionCliente('203.0.113.7')).toBe('203.0.113.7');
    expect(direccionCliente('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as the same client', () => {
    const a = direccionCliente('2001:db8:85a3:12::1');
    expect(a).toBe('2001:db8:85a3:12::/64');
    expect(direccionCliente('2001:0db8:85a3:0012:ffff:ffff:ffff:ffff')).toBe(a);
    expect(direccionCliente('2001:db8:85a3:13::1')).not.toBe(a);
  });
});

describe('confianzaProxy', () => {
  it('reads TRUST_PROXY as no proxy, a hop count or a list of addresses', () => {
    expect(confianzaProxy(undefined)).toBe(false);
    expect(confianzaProxy('false')).toBe(false);
    const dosSaltos = confianzaProxy('2') as (direccion: string, salto: number) => boolean;
    expect([0, 1, 2].map((salto) => dosSaltos('10.0.0.1', salto))).toEqual([true, true, false]);
    expect(confianzaProxy('10.0.0.0/8, 172.16.0.1')).toEqual(['10.0.0.0/8', '172.16.0.1']);
  });
});
