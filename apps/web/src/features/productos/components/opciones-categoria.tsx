import { CATEGORIAS } from '@minimarket/contracts/comunes';

/**
 * A category select's options: the empty choice first, with its words («Sin categoría», «Selecciona
 * una categoría»), then every category of the contract.
 */
export function OpcionesCategoria({ vacia }: { vacia: string }) {
  return (
    <>
      <option value="">{vacia}</option>
      {CATEGORIAS.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </>
  );
}
