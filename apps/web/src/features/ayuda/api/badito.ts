import type { BaditoPregunta, BaditoRespuesta } from '@minimarket/contracts/badito';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One question to Badito (POST /api/badito); it answers from the shop's own data. */
export function usePreguntarBadito() {
  return useMutation({
    mutationFn: (pregunta: BaditoPregunta) => apiRequest<BaditoRespuesta>('/badito', { method: 'POST', json: pregunta }),
  });
}
