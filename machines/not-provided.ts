/** The default of an effect a machine names but leaves to `machine.provide(...)`: calling it is a wiring mistake. */
export function notProvided(name: string): never {
  throw new Error(`${name} is not provided`);
}
