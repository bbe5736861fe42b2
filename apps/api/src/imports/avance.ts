// Progress reports of a running import, written one at a time with the newest winning: the import
// reports more often than a write may take (a busy database, a slow network), and a report never
// holds the import up. The writes go outside the import's transaction, so the history sees them.
import type { AvanceCarga } from '@minimarket/contracts/uploads';

export function escritorDeAvance(escribir: (avance: AvanceCarga) => Promise<void>, alError: (err: unknown) => void) {
  let pendiente: AvanceCarga | null = null;
  let enCurso: Promise<void> | null = null;

  async function vaciar() {
    while (pendiente) {
      const avance = pendiente;
      pendiente = null;
      await escribir(avance).catch(alError);
    }
    enCurso = null;
  }

  return {
    informar(avance: AvanceCarga) {
      pendiente = avance;
      enCurso ??= vaciar();
    },
    /** Waits for the writes under way (the job's end must not race its last report). */
    async terminar() {
      await enCurso;
    },
  };
}
