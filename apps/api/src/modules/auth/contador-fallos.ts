// Failed logins per e-mail address, in memory: a fixed window that opens at the first
// failure. Per process: with several copies of the API behind a balancer each one
// counts on its own (a shared store such as Redis would be the next step).

/** Beyond this many addresses, expired entries are swept on the next failure. */
const BARRIDO_DESDE = 10_000;
/** Hard cap on memory: past it the oldest address is forgotten. */
const MAX_CORREOS = 100_000;

export interface EstadoFallos {
  bloqueado: boolean;
  /** Milliseconds until the window closes (0 when nothing is counted). */
  ttlMs: number;
}

export type ContadorFallos = ReturnType<typeof createContadorFallos>;

export function createContadorFallos({
  max,
  ventanaMs,
  now = Date.now,
}: {
  max: number;
  ventanaMs: number;
  now?: () => number;
}) {
  const entradas = new Map<string, { fallos: number; hasta: number }>();
  const clave = (correo: string) => correo.trim().toLowerCase();

  function vigente(correo: string) {
    const entrada = entradas.get(clave(correo));
    if (entrada && entrada.hasta <= now()) {
      entradas.delete(clave(correo));
      return undefined;
    }
    return entrada;
  }

  return {
    consultar(correo: string): EstadoFallos {
      const entrada = vigente(correo);
      if (!entrada) return { bloqueado: false, ttlMs: 0 };
      return { bloqueado: entrada.fallos >= max, ttlMs: entrada.hasta - now() };
    },

    registrarFallo(correo: string) {
      if (entradas.size >= BARRIDO_DESDE) {
        const t = now();
        for (const [k, v] of entradas) if (v.hasta <= t) entradas.delete(k);
        // A Map iterates in insertion order: the first key is the oldest window.
        if (entradas.size >= MAX_CORREOS) entradas.delete(entradas.keys().next().value!);
      }
      const entrada = vigente(correo);
      if (entrada) entrada.fallos += 1;
      else entradas.set(clave(correo), { fallos: 1, hasta: now() + ventanaMs });
    },

    /** A correct password clears the address's count (the per-IP count stays). */
    limpiar(correo: string) {
      entradas.delete(clave(correo));
    },
  };
}
