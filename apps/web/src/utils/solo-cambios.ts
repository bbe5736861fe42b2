/**
 * The fields of an edit form the person actually changed (react-hook-form's dirtyFields).
 * An edit sends only those: the record was read a while ago, and sending every field back
 * would undo what changed since (a stock count after sales, a threshold the owner set).
 */
export function soloCambios<T extends object>(datos: T, cambiados: Partial<Record<keyof T, unknown>>): Partial<T> {
  return Object.fromEntries(Object.entries(datos).filter(([campo]) => cambiados[campo as keyof T])) as Partial<T>;
}
