// Barcode lookup in Open Food Facts, to prefill a new product's name. The service is
// often slow or out of reach from a shop's connection: a short timeout, and any
// failure reads as "not found" so the owner types the name by hand.

export interface ProductoExterno {
  codigo_barra: string;
  encontrado: boolean;
  nombre_producto: string | null;
  marca: string | null;
  imagen: string | null;
}

export function createOpenFoodFacts({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) {
  return {
    async buscar(codigoBarra: string): Promise<ProductoExterno> {
      const vacio = { codigo_barra: codigoBarra, encontrado: false, nombre_producto: null, marca: null, imagen: null };
      try {
        const url = `${baseUrl.replace(/\/$/, '')}/api/v2/product/${encodeURIComponent(codigoBarra)}.json?fields=product_name,product_name_es,brands,image_front_small_url`;
        const res = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { 'user-agent': 'Minimarket/1.0 (back office para minimarkets)' },
        });
        if (!res.ok) return vacio;
        const body = (await res.json()) as {
          status?: number;
          product?: { product_name?: string; product_name_es?: string; brands?: string; image_front_small_url?: string };
        };
        const nombre = (body.product?.product_name_es || body.product?.product_name || '').trim();
        if (body.status !== 1 || !nombre) return vacio;
        return {
          codigo_barra: codigoBarra,
          encontrado: true,
          nombre_producto: nombre,
          marca: body.product?.brands?.split(',')[0]?.trim() || null,
          imagen: body.product?.image_front_small_url || null,
        };
      } catch {
        return vacio;
      }
    },
  };
}
