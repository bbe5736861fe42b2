// The client address a throttling counter is kept for. request.ip is already the client's
// (Fastify's trustProxy, set from TRUST_PROXY, decides which X-Forwarded-For hops to believe).
// An IPv6 client usually holds a whole /64, so it is counted as one: otherwise each of its
// 2^64 addresses would get its own allowance.
import ipaddr from 'ipaddr.js';

export function direccionCliente(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const direccion = ipaddr.process(ip); // ::ffff:1.2.3.4 → 1.2.3.4
  if (direccion.kind() === 'ipv4') return direccion.toString();
  const grupos = (direccion as ipaddr.IPv6).parts.slice(0, 4).map((g) => g.toString(16));
  return `${grupos.join(':')}::/64`;
}

/**
 * TRUST_PROXY as Fastify's trustProxy: unset or 'false' trusts no proxy (the socket is the
 * client); a list of proxy addresses or CIDRs trusts those; a number N trusts the N hops
 * nearest the app whoever they are (Fastify itself refuses hop counts, since a client that
 * reaches the app directly could then forge X-Forwarded-For: use N only where the app can be
 * reached through the proxy alone, as in docker-compose.yml).
 */
export function confianzaProxy(valor: string | undefined): boolean | string[] | ((direccion: string, salto: number) => boolean) {
  const v = valor?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const saltos = Number(v);
    return (_direccion, salto) => salto < saltos;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
