// async-exit-hook ships no types; only what db/embedded-postgres.ts uses.
declare module 'async-exit-hook' {
  interface GanchoDeSalida {
    (hook: (done: () => void) => void): void;
    unhookEvent(event: string): void;
  }
  const ganchoDeSalida: GanchoDeSalida;
  export default ganchoDeSalida;
}
