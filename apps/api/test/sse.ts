// Listening to GET /api/soporte/eventos the way the web's EventSource does (a stream ticket in the
// query, asked for with the session token), collecting the JSON events as they arrive and noting
// when the server ends the stream.
import type { EventoSoporte } from '@minimarket/contracts/soporte';

export interface Escucha {
  eventos: EventoSoporte[];
  /** Resolves with the first event (already received or to come) that `cumple`; rejects after `ms`. */
  esperar: (cumple: (e: EventoSoporte) => boolean, ms?: number) => Promise<EventoSoporte>;
  /** Resolves when the server ends the stream; rejects after `ms` if it is still open. */
  esperarFin: (ms?: number) => Promise<void>;
  /** The ticket this stream was opened with (used now). */
  ticket: string;
  cerrar: () => void;
}

/** A new stream ticket for the session of `token`. */
export async function pedirTicket(base: string, token: string): Promise<string> {
  const pedido = await fetch(`${base}/api/soporte/eventos/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (pedido.status !== 200) throw new Error(`ticket: ${pedido.status} ${await pedido.text()}`);
  return ((await pedido.json()) as { ticket: string }).ticket;
}

export async function escuchar(base: string, token: string): Promise<Escucha> {
  const control = new AbortController();
  const ticket = await pedirTicket(base, token);
  const res = await fetch(`${base}/api/soporte/eventos?ticket=${encodeURIComponent(ticket)}`, { signal: control.signal });
  if (res.status !== 200 || !res.body) throw new Error(`eventos: ${res.status} ${await res.text()}`);
  const eventos: EventoSoporte[] = [];
  const esperando = new Set<() => void>();
  let conectado: () => void = () => {};
  const listo = new Promise<void>((r) => (conectado = r));
  let terminado = false;
  const fin = (async () => {
    const lector = res.body!.getReader();
    const decoder = new TextDecoder();
    let resto = '';
    try {
      for (;;) {
        const { value, done } = await lector.read();
        if (done) return;
        resto += decoder.decode(value, { stream: true });
        let fin: number;
        while ((fin = resto.indexOf('\n\n')) >= 0) {
          const bloque = resto.slice(0, fin);
          resto = resto.slice(fin + 2);
          if (bloque.startsWith(': conectado')) conectado();
          for (const linea of bloque.split('\n')) if (linea.startsWith('data: ')) eventos.push(JSON.parse(linea.slice(6)) as EventoSoporte);
          for (const f of esperando) f();
        }
      }
    } catch {
      // aborted, or the connection broke
    } finally {
      terminado = true;
    }
  })();
  await Promise.race([listo, fin]);
  if (terminado) throw new Error(`eventos: el flujo terminó antes de conectarse: ${JSON.stringify(eventos)}`);
  return {
    eventos,
    esperar: (cumple, ms = 5000) =>
      new Promise((resolve, reject) => {
        const mirar = () => {
          const e = eventos.find(cumple);
          if (!e) return;
          esperando.delete(mirar);
          clearTimeout(t);
          resolve(e);
        };
        const t = setTimeout(() => {
          esperando.delete(mirar);
          reject(new Error(`ningún evento esperado en ${ms} ms: ${JSON.stringify(eventos)}`));
        }, ms);
        esperando.add(mirar);
        mirar();
      }),
    esperarFin: (ms = 5000) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`el flujo sigue abierto después de ${ms} ms`)), ms);
        void fin.then(() => {
          clearTimeout(t);
          resolve();
        });
      }),
    ticket,
    cerrar: () => control.abort(),
  };
}
