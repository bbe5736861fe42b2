import type { BaditoPregunta } from '@minimarket/contracts/badito';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One question to Badito (POST /api/badito); it answers from the shop's own data. */
export function usePreguntarBadito() {
  return useMutation({
    mutationFn: (pregunta: BaditoPregunta) => api('POST /badito', { json: pregunta }),
  });
}
