/** How many pages `total` rows make at `tamano` a page (at least one: an empty list is one empty page). */
export function totalPaginas(total: number, tamano: number): number {
  return Math.max(1, Math.ceil(total / tamano));
}
