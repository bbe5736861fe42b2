import { expect, test } from '@playwright/test';

// How the server hands the web to a phone: compressed, and cached as long as it can be.
test('the login page comes compressed, hashed assets are kept a year, index.html is revalidated', async ({ request }) => {
  const pagina = await request.get('/inicio-sesion', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(pagina.status()).toBe(200);
  expect(pagina.headers()['cache-control']).toBe('no-cache');
  const html = await pagina.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.length, 'index.html names its script and stylesheet').toBeGreaterThanOrEqual(2);

  for (const asset of assets) {
    const br = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status(), asset).toBe(200);
    // The build compresses files from 1 KB up (vite.config.ts): a smaller shared chunk goes as it is.
    if ((await br.body()).length < 1024) {
      expect(br.headers()['content-encoding'], asset).toBeUndefined();
      expect(br.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      continue;
    }
    expect(br.headers()['content-encoding'], asset).toBe('br');
    expect(br.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    expect(br.headers()['vary'], asset).toMatch(/accept-encoding/i);
    expect(br.headers()['content-type'], asset).toMatch(/javascript|css/);

    const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding'], asset).toBe('gzip');
    // What arrives is what the browser would run: the same bytes, whichever encoding carried them.
    expect(await gz.body(), asset).toEqual(await br.body());

    const crudo = await request.get(asset, { headers: { 'accept-encoding': 'identity' } });
    expect(crudo.headers()['content-encoding'], asset).toBeUndefined();
    expect(await crudo.body(), asset).toEqual(await br.body());
  }
});
