/** Paise (integer, server side) to rupees (the wire format). */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees from the wire to integer paise; rejects fractions of a paisa. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
