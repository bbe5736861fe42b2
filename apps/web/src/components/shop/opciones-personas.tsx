import type { PersonaTienda } from '../../lib/cajeros';

/** The shop's people as a select's options (a filter by person), the owner marked «(dueño)». */
export function OpcionesPersonas({ personas }: { personas: readonly PersonaTienda[] }) {
  return (
    <>
      {personas.map((x) => (
        <option key={x.id_usuario} value={x.id_usuario}>
          {x.nombre}
          {x.rol === 'pyme' ? ' (dueño)' : ''}
        </option>
      ))}
    </>
  );
}
